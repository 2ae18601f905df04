import { spawnSync } from 'node:child_process'
import type { APIRequestContext } from '@playwright/test'
import { type ApiSession, signInViaApi } from './accounts'
import { serverFor } from './servers'

/**
 * Grants a role as an operator does (`npm run user:role -- EMAIL ROLE`, the built command on the
 * server's database), then signs in again: the new session's token carries the role's claim.
 */
export async function grantRole(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
  role: 'moderator' | 'organiser',
): Promise<ApiSession> {
  const granted = spawnSync(process.execPath, ['dist/server/user-role.js', account.email, role], {
    env: { ...process.env, ...serverFor(baseURL).env },
    encoding: 'utf8',
  })
  if (granted.status !== 0) throw new Error(`user:role failed: ${granted.stderr}`)
  return signInViaApi(request, baseURL, account)
}

/** `POST /api/vibes/:id/reports` as `account`. */
export async function reportViaApi(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
  vibeId: string,
  body: { reason: string; note?: string },
) {
  const response = await request.post(`${baseURL}/api/vibes/${vibeId}/reports`, {
    data: body,
    headers: { authorization: `Bearer ${account.session.access_token}` },
  })
  if (response.status() !== 201) throw new Error(`report failed: ${await response.text()}`)
}
