import { afterEach, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { GOOD_PASSWORD, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { fakeClient, fasQuery } from '../test/opennds-query'
import { createTestApp, type TestApp } from '../test/test-app'
import { formState, GATEWAYS, gatewaysFile, postForm } from '../test/wifi-helpers'

// The server listens on 127.0.0.1, declared as the uplink; 127.0.0.2 (loopback too) is a client
// elsewhere.
const UPLINK = '127.0.0.1'
const ELSEWHERE = '127.0.0.2'
const [gateway] = GATEWAYS

describe('live channel admission: per address, per uplink, per account', () => {
  const clock = createFakeClock()
  let t: TestApp | undefined
  let baseUrl: string
  const clients: LiveTestClient[] = []
  const start = async (env: Record<string, string>) => {
    t = await createTestApp(
      {
        WIFI_UPLINK_ADDRESSES: UPLINK,
        WIFI_GATEWAYS_FILE: gatewaysFile([gateway]),
        LIVE_MAX_CONNECTIONS_PER_IP: '2',
        LIVE_MAX_CONNECTIONS_PER_UPLINK: '4',
        ...env,
      },
      { now: clock.now },
    )
    baseUrl = await t.listen()
    return t
  }
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close()
    await t?.close()
    t = undefined
  })

  const open = async (from = UPLINK) => {
    const client = await LiveTestClient.connect(baseUrl, { localAddress: from })
    clients.push(client)
    return client
  }
  /** A socket that sent its token; resolves with how the server answered. */
  const signIn = async (user: SignedUpUser, from = UPLINK) => {
    const client = await open(from)
    client.send({ type: 'auth', token: user.accessToken, batch: true })
    const answer = await client.next((m) => m.type === 'ready' || m.type === 'error')
    return { client, answer }
  }
  const refusedAsTooMany = async (client: LiveTestClient) => {
    expect((await client.closed).code).toBe(LIVE_CLOSE.tooManyConnections)
    expect(client.messages).toContainEqual({
      type: 'error',
      code: 'too_many_connections',
      message: expect.any(String),
    })
  }
  /** Lets `user`'s phone through the festival WiFi's portal: a device the portal admitted. */
  const admitDevice = async (user: SignedUpUser) => {
    const page = await t!.app.inject({
      url: `/wifi/portal/${gateway.id}/?${fasQuery(gateway, fakeClient())}`,
    })
    const answer = await postForm(t!, `/wifi/portal/${gateway.id}/sign-in`, {
      state: formState(page.body),
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(answer.statusCode).toBe(303)
  }

  it('gives a declared uplink its budget and any other address the normal one', async () => {
    await start({})
    for (let i = 0; i < 4; i += 1) await open(UPLINK)
    await refusedAsTooMany(await open(UPLINK))
    for (let i = 0; i < 2; i += 1) await open(ELSEWHERE)
    await refusedAsTooMany(await open(ELSEWHERE))
    await eventually(() => t!.app.ctx.live.stats.sockets === 6)
  })

  it('limits one account’s sockets, behind the uplink too, and counts closed ones out', async () => {
    const app = await start({
      LIVE_MAX_CONNECTIONS_PER_UPLINK: '100',
      LIVE_MAX_CONNECTIONS_PER_ACCOUNT: '3',
    })
    const [abuser, neighbour] = [await signUpUser(app), await signUpUser(app)]
    const first = await signIn(abuser)
    expect(first.answer.type).toBe('ready')
    for (let i = 0; i < 2; i += 1) expect((await signIn(abuser)).answer.type).toBe('ready')
    const fourth = await signIn(abuser)
    expect(fourth.answer).toMatchObject({ type: 'error', code: 'too_many_connections' })
    await refusedAsTooMany(fourth.client)
    // Refused by the account's cap, never by the session's: the client is not told to sign in.
    expect((await fourth.client.closed).code).not.toBe(LIVE_CLOSE.unauthorized)
    expect((await signIn(neighbour)).answer.type).toBe('ready')
    // A token refreshed on an open socket is the same socket, not another one.
    first.client.send({ type: 'auth', token: abuser.accessToken, batch: true })
    first.client.close()
    await eventually(() => app.app.ctx.live.stats.ready === 3)
    expect((await signIn(abuser)).answer.type).toBe('ready')
  })

  it('behind the uplink, sockets of accounts with a device the portal admitted count against their account only', async () => {
    const app = await start({ LIVE_MAX_CONNECTIONS_PER_UPLINK: '2' })
    const [guest, stranger] = [await signUpUser(app), await signUpUser(app)]
    await admitDevice(guest)
    // The guest's signed-in sockets give their place in the uplink's budget back...
    for (let i = 0; i < 3; i += 1) expect((await signIn(guest)).answer.type).toBe('ready')
    // ...so the budget still holds the two sockets of someone the portal never admitted...
    for (let i = 0; i < 2; i += 1) expect((await signIn(stranger)).answer.type).toBe('ready')
    // ...and no more, whoever opens the next one (an account is known only once signed in).
    await refusedAsTooMany(await open(UPLINK))
    // From an undeclared address an admitted device changes nothing.
    for (let i = 0; i < 2; i += 1)
      expect((await signIn(guest, ELSEWHERE)).answer.type).toBe('ready')
    await refusedAsTooMany(await open(ELSEWHERE))
  })

  it('a device whose WiFi session ended does not make its account known', async () => {
    const app = await start({ LIVE_MAX_CONNECTIONS_PER_UPLINK: '2', WIFI_SESSION_MINUTES: '30' })
    const guest = await signUpUser(app)
    await admitDevice(guest)
    clock.advance(31 * 60_000)
    for (let i = 0; i < 2; i += 1) expect((await signIn(guest)).answer.type).toBe('ready')
    await refusedAsTooMany(await open(UPLINK))
  })
})
