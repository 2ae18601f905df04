import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { bearer, refresh as refreshWith, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { eventually, LiveTestClient, useLiveClients } from '../test/live-test-client'
import { createTestApp, type TestApp, useTestApp } from '../test/test-app'

describe('live channel authentication', () => {
  const clock = createFakeClock()
  let t: TestApp
  let baseUrl: string
  const clients = useLiveClients()
  const open = async (token?: string) => {
    const client = token
      ? await LiveTestClient.signedIn(baseUrl, token)
      : await LiveTestClient.connect(baseUrl)
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_S: '1', AUTH_JWT_EXPIRY: '60' }, { now: clock.now })
    baseUrl = await t.listen()
  })
  afterAll(() => t.close())

  const refresh = async (refreshToken: string) => {
    const answer = await refreshWith(t, refreshToken)
    expect(answer.statusCode).toBe(200)
    return answer.json().access_token as string
  }
  const beatsFromNow = async (count: number) => {
    const target = t.app.ctx.live.stats.beats + count
    await eventually(() => t.app.ctx.live.stats.beats >= target)
  }

  it('closes a socket that never authenticates', async () => {
    const client = await open()
    expect((await client.closed).code).toBe(LIVE_CLOSE.authTimeout)
    expect(client.messages).toEqual([
      { type: 'error', code: 'no_authorization', message: expect.any(String) },
    ])
  })

  it('answers an invalid token with an error, then closes with 4401', async () => {
    const user = await signUpUser(t)
    for (const token of ['nonsense', `${user.accessToken.slice(0, -4)}AAAA`]) {
      const client = await open()
      client.send({ type: 'auth', token })
      expect((await client.closed).code).toBe(LIVE_CLOSE.unauthorized)
      expect(client.messages).toEqual([
        { type: 'error', code: 'bad_jwt', message: expect.any(String) },
      ])
    }
  })

  it('refuses anything but auth as the first message', async () => {
    for (const first of ['not json', { type: 'pong' }, { type: 'subscribe' }]) {
      const client = await open()
      client.send(first)
      expect((await client.closed).code).toBe(LIVE_CLOSE.unauthorized)
      expect(client.messages.map((message) => message.type)).toEqual(['error'])
    }
  })

  it('answers a valid token with ready', async () => {
    const user = await signUpUser(t)
    const client = await open(user.accessToken)
    expect(client.messages[0]).toEqual({ type: 'ready' })
  })

  it('keeps the channel across a token refresh and closes the one that did not refresh', async () => {
    const user = await signUpUser(t)
    const refreshing = await open(user.accessToken)
    const stale = await open(user.accessToken)
    clock.advance(50_000)
    refreshing.send({ type: 'auth', token: await refresh(user.refreshToken) })
    // Give the server a beat to take the new token before the old one expires.
    await beatsFromNow(1)
    // The first token expires; the refreshed one (issued 50 s later) is still good.
    clock.advance(20_000)
    expect((await stale.closed).code).toBe(LIVE_CLOSE.unauthorized)
    expect(stale.messages.at(-1)).toMatchObject({ type: 'error', code: 'bad_jwt' })
    await beatsFromNow(2)
    expect(refreshing.socket.readyState).toBe(refreshing.socket.OPEN)
    // Still subscribed: a change reaches it.
    await signUpUser(t)
    await refreshing.next((message) => message.type === 'user-count')
  })

  it('closes the channel when a later auth message carries an invalid token', async () => {
    const user = await signUpUser(t)
    const client = await open(user.accessToken)
    client.send({ type: 'auth', token: 'garbage' })
    expect((await client.closed).code).toBe(LIVE_CLOSE.unauthorized)
    expect(client.messages.at(-1)).toMatchObject({ type: 'error', code: 'bad_jwt' })
  })

  it('drops a session deleted behind the app’s back (the heartbeat on SQLite, the trigger on PostgreSQL)', async () => {
    const user = await signUpUser(t)
    const other = await signUpUser(t)
    const signedOut = await open(user.accessToken)
    const stays = await open(other.accessToken)
    await t.database.db.deleteFrom('auth_sessions').where('user_id', '=', user.userId).execute()
    expect((await signedOut.closed).code).toBe(LIVE_CLOSE.unauthorized)
    expect(signedOut.messages.at(-1)).toMatchObject({ type: 'error', code: 'session_not_found' })
    await beatsFromNow(1)
    expect(stays.socket.readyState).toBe(stays.socket.OPEN)
  })
})

describe('live channel after a sign-out', () => {
  // No heartbeat within the test: only the session-ended event can close the socket.
  const t = useTestApp({ LIVE_HEARTBEAT_S: '300' })

  it('closes the signed-out session’s sockets at once, not at the next heartbeat', async () => {
    const baseUrl = await t.listen()
    const user = await signUpUser(t)
    const other = await signUpUser(t)
    const signedOut = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    const stays = await LiveTestClient.signedIn(baseUrl, other.accessToken)
    try {
      const logout = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: bearer(user.accessToken),
      })
      expect(logout.statusCode).toBe(204)
      expect((await signedOut.closed).code).toBe(LIVE_CLOSE.unauthorized)
      expect(signedOut.messages.at(-1)).toMatchObject({ type: 'error', code: 'session_not_found' })
      expect(t.app.ctx.live.stats.beats).toBe(0)
      expect(stays.socket.readyState).toBe(stays.socket.OPEN)
    } finally {
      signedOut.close()
      stays.close()
    }
  })
})
