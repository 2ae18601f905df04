import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live/live-protocol'
import {
  bearer,
  GOOD_PASSWORD,
  latestMail,
  type SignedUpUser,
  signIn,
  signUpUser,
  withNewAccessToken,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient, useLiveClients } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

describe('my account: export and deletion', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      AUTH_REAUTHENTICATION_WINDOW_S: '600',
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: '3',
    },
    { now: clock.now },
  )
  const clients = useLiveClients()

  const deleteAccount = (user: Pick<SignedUpUser, 'accessToken'>, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(user.accessToken),
      ...(payload ? { payload } : {}),
    })
  /** A session signed in long ago, as a thief's stolen token would be. */
  const ageSessions = () => clock.advance(700_000)
  const freshToken = (user: SignedUpUser) => withNewAccessToken(t, user)
  const userRow = (user: SignedUpUser) =>
    t.database.db.selectFrom('users').select('id').where('id', '=', user.userId).execute()

  it('downloads everything stored about me as a JSON file, mine alone', async () => {
    const { user, vibe } = await signUpWithVibe(t, { username: 'Mira', emoji: '🦋', status: 'hi' })
    const other = await signUpWithVibe(t)
    const answer = await t.app.inject({
      url: '/api/account/export',
      headers: bearer(user.accessToken),
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="vibeconnect-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    const data = answer.json()
    expect(data).toMatchObject({
      format: 'vibeconnect-personal-data/1',
      account: { id: user.userId, email: user.email },
      vibe,
      sessions: [expect.objectContaining({ createdAt: expect.any(String) })],
    })
    expect(answer.body).not.toContain(other.user.userId)
    expect(answer.body).not.toMatch(/argon2|encrypted_password/)
    const refused = await t.app.inject({ url: '/api/account/export' })
    expect(refused.statusCode).toBe(401)
  })

  it('deletes with my password; the account, its sessions and its vibe are gone, and sign-in fails', async () => {
    const { user, vibe } = await signUpWithVibe(t)
    const second = await signIn(t, user.email)
    ageSessions()
    const current = await freshToken(user)
    const deleted = await deleteAccount(current, { password: GOOD_PASSWORD })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await userRow(user)).toEqual([])
    // Every session ended at once, this one and the other device's.
    for (const token of [current.accessToken, second.json().access_token]) {
      const answer = await t.app.inject({ url: '/api/vibes', headers: bearer(token) })
      expect(answer.statusCode).toBe(401)
      expect(answer.json().code).toBe('session_not_found')
    }
    const other = await signUpUser(t)
    const feed = await t.app.inject({ url: '/api/vibes', headers: bearer(other.accessToken) })
    expect(feed.json().vibes.map((entry: { id: string }) => entry.id)).not.toContain(vibe.id)
    const again = await signIn(t, user.email)
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('invalid_credentials')
  })

  it('needs proof beyond the access token: a wrong password is refused and counted, an old sign-in asks again', async () => {
    const user = await signUpUser(t)
    ageSessions()
    const stolen = await freshToken(user)
    const none = await deleteAccount(stolen)
    expect(none.statusCode).toBe(400)
    expect(none.json().code).toBe('reauthentication_needed')
    const empty = await deleteAccount(stolen, {})
    expect(empty.json().code).toBe('reauthentication_needed')
    for (let i = 0; i < 3; i++) {
      const wrong = await deleteAccount(stolen, { password: 'not my password at all' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().code).toBe('invalid_credentials')
    }
    // Guesses count as failed sign-ins (ADR 019): this address may not try again this window.
    const limited = await deleteAccount(stolen, { password: GOOD_PASSWORD })
    expect(limited.statusCode).toBe(429)
    for (const payload of [{ password: '' }, { pass: GOOD_PASSWORD }, { nonce: 12 }]) {
      expect((await deleteAccount(stolen, payload)).statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect(await userRow(user)).toHaveLength(1)
  })

  it('deletes with a sign-in of the last few minutes, or with the mailed code', async () => {
    const recent = await signUpUser(t)
    expect((await deleteAccount(recent)).statusCode).toBe(204)
    expect(await userRow(recent)).toEqual([])

    const user = await signUpUser(t)
    ageSessions()
    const current = await freshToken(user)
    const asked = await t.app.inject({
      url: '/auth/v1/reauthenticate',
      headers: bearer(current.accessToken),
    })
    expect(asked.statusCode).toBe(200)
    const { code } = await latestMail(t.outbox, user.email, { kind: 'reauthentication' })
    expect(
      (await deleteAccount(current, { nonce: '000000' === code ? '111111' : '000000' })).json()
        .code,
    ).toBe('reauthentication_not_valid')
    expect((await deleteAccount(current, { nonce: code! })).statusCode).toBe(204)
    expect(await userRow(user)).toEqual([])
  })

  it('tells every open app at once: the vibe drops, the count falls, the deleted account’s sockets close', async () => {
    const baseUrl = await t.listen()
    const { user, vibe } = await signUpWithVibe(t)
    const watcher = await signUpUser(t)
    const [theirScreen, myScreen] = await Promise.all([
      LiveTestClient.signedIn(baseUrl, watcher.accessToken),
      LiveTestClient.signedIn(baseUrl, user.accessToken),
    ])
    clients.push(theirScreen, myScreen)
    const countBefore = (
      await t.app.inject({ url: '/api/users/count', headers: bearer(watcher.accessToken) })
    ).json().count
    expect((await deleteAccount(user, { password: GOOD_PASSWORD })).statusCode).toBe(204)
    expect(
      await theirScreen.next((m: ServerMessage) => m.type === 'vibe' && m.id === vibe.id),
    ).toEqual({ type: 'vibe', op: 'delete', id: vibe.id })
    expect(
      await theirScreen.next(
        (m: ServerMessage) => m.type === 'user-count' && m.count === countBefore - 1,
      ),
    ).toBeTruthy()
    expect((await myScreen.closed).code).toBe(4401)
  })
})
