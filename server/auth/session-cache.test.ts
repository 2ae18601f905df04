import { describe, expect, it } from 'vitest'
import {
  bearer,
  GOOD_PASSWORD,
  logout as logoutFrom,
  refresh as refreshWith,
  type SignedUpUser,
  signIn as signInTo,
  signUpUser,
  updateUser,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { RECENT_SESSION_TTL_MS } from './recent-sessions'

// The data API trusts a session it found active in the last minute (ADR 015). Every way a
// session ends through the app must still be refused on the very next request.
describe('session cache of the data API', () => {
  const clock = createFakeClock()
  const t = useTestApp({ AUTH_REFRESH_REUSE_INTERVAL_S: '10' }, { now: clock.now })

  const count = (token: string) => t.app.inject({ url: '/api/users/count', headers: bearer(token) })
  const expectTrusted = async (token: string) => expect((await count(token)).statusCode).toBe(200)
  const expectRefused = async (token: string) => {
    const answer = await count(token)
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ code: 'session_not_found' })
  }
  const signIn = async (user: SignedUpUser) => {
    const answer = await signInTo(t, user.email)
    expect(answer.statusCode).toBe(200)
    return { accessToken: answer.json().access_token as string }
  }
  const logout = async (token: string, scope: string) =>
    expect((await logoutFrom(t, token, scope)).statusCode).toBe(204)

  it('refuses a signed-out session at once, though it was trusted a moment before', async () => {
    const user = await signUpUser(t)
    await expectTrusted(user.accessToken)
    await logout(user.accessToken, 'local')
    await expectRefused(user.accessToken)
  })

  it('refuses every session after a global sign-out, and the others after scope=others', async () => {
    const user = await signUpUser(t)
    const phone = await signIn(user)
    const laptop = await signIn(user)
    for (const token of [user.accessToken, phone.accessToken, laptop.accessToken]) {
      await expectTrusted(token)
    }
    await logout(phone.accessToken, 'others')
    await expectRefused(user.accessToken)
    await expectRefused(laptop.accessToken)
    await expectTrusted(phone.accessToken)
    await logout(phone.accessToken, 'global')
    await expectRefused(phone.accessToken)
  })

  it('refuses the other sessions after a password change', async () => {
    const user = await signUpUser(t)
    const other = await signIn(user)
    await expectTrusted(other.accessToken)
    const changed = await updateUser(t, user.accessToken, { password: `${GOOD_PASSWORD} again` })
    expect(changed.statusCode).toBe(200)
    await expectRefused(other.accessToken)
    await expectTrusted(user.accessToken)
  })

  it('refuses a session revoked because its refresh token was replayed', async () => {
    const user = await signUpUser(t)
    await expectTrusted(user.accessToken)
    const refresh = () => refreshWith(t, user.refreshToken)
    expect((await refresh()).statusCode).toBe(200)
    // Past the reuse window but well inside the cache's minute: only the revocation can refuse.
    clock.advance(11_000)
    expect((await refresh()).json()).toMatchObject({ code: 'refresh_token_already_used' })
    await expectRefused(user.accessToken)
  })

  it('refuses the sessions of a deleted account at once, and counts one account fewer', async () => {
    const user = await signUpUser(t)
    const other = await signIn(user)
    await expectTrusted(user.accessToken)
    await expectTrusted(other.accessToken)
    const before = (await count(user.accessToken)).json().count as number
    expect(await t.app.ctx.auth.deleteAccount(user.userId)).toBe(true)
    // The cascade alone would leave both trusted for a minute on SQLite.
    await expectRefused(user.accessToken)
    await expectRefused(other.accessToken)
    const stranger = await signUpUser(t)
    expect((await count(stranger.accessToken)).json()).toEqual({ count: before })
    expect(await t.app.ctx.auth.deleteAccount(user.userId)).toBe(false)
  })

  it('reads a remembered session again after a minute at most', async () => {
    const user = await signUpUser(t)
    await expectTrusted(user.accessToken)
    // Behind the app's back, as an operator might.
    await t.database.db.deleteFrom('auth_sessions').where('user_id', '=', user.userId).execute()
    if (t.database.dialect === 'postgres') {
      // The trigger announced it: refused once the notification arrives.
      const deadline = Date.now() + 2000
      while ((await count(user.accessToken)).statusCode === 200) {
        expect(Date.now()).toBeLessThan(deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    } else {
      // One SQLite process hears only its own deletions: trusted until the minute is up.
      clock.advance(RECENT_SESSION_TTL_MS - 1)
      await expectTrusted(user.accessToken)
      clock.advance(1)
    }
    await expectRefused(user.accessToken)
  })
})
