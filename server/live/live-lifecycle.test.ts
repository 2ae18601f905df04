import { afterEach, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { signUpUser } from '../test/auth-helpers'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { createTestApp, type TestApp } from '../test/test-app'

describe('live channel lifecycle', () => {
  let t: TestApp | undefined
  const clients: LiveTestClient[] = []
  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp({ LIVE_HEARTBEAT_S: '1', ...env })
    return { t, baseUrl: await t.listen(), user: await signUpUser(t) }
  }
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close()
    await t?.close()
    t = undefined
  })
  const track = (client: LiveTestClient) => {
    clients.push(client)
    return client
  }

  it('pings signed-in sockets and reaps the ones that stopped answering', async () => {
    const { t, baseUrl, user } = await start()
    const healthy = track(await LiveTestClient.signedIn(baseUrl, user.accessToken))
    const silent = track(await LiveTestClient.connect(baseUrl, { autoPong: false }))
    silent.send({ type: 'auth', token: user.accessToken })
    await silent.next((m) => m.type === 'ready')
    await healthy.next((m) => m.type === 'ping')
    // Terminated without a closing handshake: the client sees an abnormal closure.
    expect((await silent.closed).code).toBe(1006)
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN)
    await eventually(() => t.app.ctx.live.stats.sockets === 1)
  })

  it('refuses connections over the per-address limit, and counts closed ones out', async () => {
    const { t, baseUrl } = await start({ LIVE_MAX_CONNECTIONS_PER_IP: '2' })
    const first = track(await LiveTestClient.connect(baseUrl))
    track(await LiveTestClient.connect(baseUrl))
    const third = track(await LiveTestClient.connect(baseUrl))
    expect((await third.closed).code).toBe(LIVE_CLOSE.tooManyConnections)
    expect(third.messages).toEqual([
      { type: 'error', code: 'too_many_connections', message: expect.any(String) },
    ])
    first.close()
    await eventually(() => t.app.ctx.live.stats.sockets === 1)
    const fourth = track(await LiveTestClient.connect(baseUrl))
    await eventually(() => t.app.ctx.live.stats.sockets === 2)
    expect(fourth.socket.readyState).toBe(fourth.socket.OPEN)
  })

  it('tells every socket to reconnect and closes with 1001 on shutdown', async () => {
    const { t: app, baseUrl, user } = await start({ LIVE_HEARTBEAT_S: '60' })
    const signedIn = track(await LiveTestClient.signedIn(baseUrl, user.accessToken))
    const pending = track(await LiveTestClient.connect(baseUrl))
    t = undefined
    await app.close()
    for (const client of [signedIn, pending]) {
      expect(await client.closed).toMatchObject({ code: LIVE_CLOSE.goingAway })
      expect(client.messages.at(-1)).toEqual({ type: 'reconnect' })
    }
  })
})
