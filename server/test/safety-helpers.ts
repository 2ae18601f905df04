import { expect } from 'vitest'
import type { Role } from '../../shared/safety/roles'
import type { VibeInput } from '../../shared/vibes/vibe.schema'
import { changeRole } from '../auth/user-roles'
import { auditRoleChange } from '../safety/audit-log'
import { bearer, type SignedUpUser } from './auth-helpers'
import type { TestApp } from './test-app'
import { uniqueUsername } from './vibe-helpers'

/** A vibe with a username of its own. */
export const vibeOf = (label = 'Fan', status = 'Dancing'): VibeInput => ({
  username: uniqueUsername(label),
  emoji: '🎉',
  status,
})

/** Grants (or revokes) a role the way `npm run user:role` does, audit entry included. */
export async function setRole(
  t: Pick<TestApp, 'database'>,
  user: Pick<SignedUpUser, 'email'>,
  role: Role,
  grant = true,
): Promise<void> {
  const now = Date.now()
  const change = { email: user.email, role, grant, now }
  const outcome = await changeRole(t.database, change, auditRoleChange(role, now))
  expect(outcome).toBeDefined()
}

/** `PATCH /api/vibes/:id` as `user`. */
export const patchVibe = (
  t: Pick<TestApp, 'app'>,
  user: Pick<SignedUpUser, 'accessToken'>,
  id: string,
  body: object,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/vibes/${id}`,
    headers: bearer(user.accessToken),
    payload: body,
  })

/** `POST /api/vibes/:id/reports` as `user`. */
export const reportVibe = (
  t: Pick<TestApp, 'app'>,
  user: Pick<SignedUpUser, 'accessToken'>,
  vibeId: string,
  body: Record<string, unknown> = { reason: 'harassment' },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/vibes/${vibeId}/reports`,
    headers: bearer(user.accessToken),
    payload: body,
  })

/** A moderation request as `user` (`path` after /api/moderation). */
export const moderate = (
  t: Pick<TestApp, 'app'>,
  user: Pick<SignedUpUser, 'accessToken'>,
  path: string,
  body?: Record<string, unknown>,
) =>
  t.app.inject({
    method: body === undefined && !path.includes('/') ? 'GET' : 'POST',
    url: `/api/moderation/${path}`,
    headers: bearer(user.accessToken),
    ...(body === undefined ? {} : { payload: body }),
  })

/** The whole feed's first page (what everyone else sees), as ids. */
export async function feedIds(t: Pick<TestApp, 'app'>, user: Pick<SignedUpUser, 'accessToken'>) {
  const answer = await t.app.inject({ url: '/api/vibes', headers: bearer(user.accessToken) })
  expect(answer.statusCode).toBe(200)
  return (answer.json().vibes as { id: string }[]).map((vibe) => vibe.id)
}
