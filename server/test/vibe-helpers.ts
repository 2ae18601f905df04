import { expect } from 'vitest'
import type { Vibe, VibeInput } from '../../shared/vibes/vibe.schema'
import { bearer, type SignedUpUser, signUpUser } from './auth-helpers'
import type { TestApp } from './test-app'

export const LUNA: VibeInput = { username: 'Luna', emoji: '🎉', status: 'Dancing' }

let counter = 0
/** A username no other test's vibe looks like (a username is one person's, issue 22). */
export const uniqueUsername = (label = 'Luna') => `${label} ${process.pid % 1000}x${++counter}`

/** LUNA with a username of its own: the default vibe of the helpers below. */
export const aLuna = (): VibeInput => ({ ...LUNA, username: uniqueUsername() })

/** Posts `user`'s vibe through the API, expects 201, and returns the vibe as created. */
export async function postVibe(
  t: Pick<TestApp, 'app'>,
  user: Pick<SignedUpUser, 'accessToken'>,
  vibe: VibeInput = aLuna(),
): Promise<Vibe> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/vibes',
    headers: bearer(user.accessToken),
    payload: vibe,
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().vibe
}

/** Signs a new user up and posts their vibe (expecting 201): the usual start of a vibes test. */
export async function signUpWithVibe(
  t: TestApp,
  vibe: VibeInput = aLuna(),
): Promise<{ user: SignedUpUser; vibe: Vibe }> {
  const user = await signUpUser(t)
  return { user, vibe: await postVibe(t, user, vibe) }
}
