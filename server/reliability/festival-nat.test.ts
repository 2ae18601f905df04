import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { createTestApp, type TestApp } from '../test/test-app'

// Issue 18, "Everyone behind one address": the festival's uplink is declared, every phone reaches
// the server from it, and the budgets are the defaults. The server listens on 127.0.0.1, the
// uplink; 127.0.0.2 (loopback too) is an address nobody declared.
const UPLINK = '127.0.0.1'
const UNDECLARED = '127.0.0.2'
const SIGN_UPS = 500
const LIVE_CLIENTS = 2000
const WINDOW_MS = 300_000

interface Answer {
  status: number
  body: { access_token?: string; code?: string }
}

/** A JSON POST over a real connection from `localAddress`. */
function post(baseUrl: string, path: string, body: object, localAddress = UPLINK) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      new URL(path, baseUrl),
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        )
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

/** Runs `work` for every item, `concurrency` at a time; the results in order. */
async function inWaves<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return results
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

describe('everyone behind one declared address (issue 18)', () => {
  // Whole windows from the start of one, so "within five minutes" means one window of the limits.
  const windowStart = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS
  const clock = createFakeClock(windowStart)
  let t: TestApp
  let baseUrl: string
  const accounts: { email: string; token: string }[] = []
  const clients: LiveTestClient[] = []
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on', WIFI_UPLINK_ADDRESSES: UPLINK }, { now: clock.now })
    baseUrl = await t.listen()
  })
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close()
    await t.close()
  })

  const signUp = (localAddress = UPLINK, email = uniqueEmail('gate')) =>
    post(baseUrl, '/auth/v1/signup', { email, password: GOOD_PASSWORD }, localAddress)
  const signIn = (email: string, password: string) =>
    post(baseUrl, '/auth/v1/token?grant_type=password', { email, password })
  const openLive = async (token: string, localAddress = UPLINK) => {
    const client = await LiveTestClient.connect(baseUrl, { localAddress })
    clients.push(client)
    client.send({ type: 'auth', token, batch: true })
    return client
  }
  const refusedAsTooMany = async (client: LiveTestClient) => {
    expect((await client.closed).code).toBe(LIVE_CLOSE.tooManyConnections)
    expect(client.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'too_many_connections' }),
    )
  }

  it(`${SIGN_UPS} sign-ups within five minutes from the declared address all succeed`, async () => {
    const started = performance.now()
    // One every 0.59 s of the festival's clock: 500 spread over 295 s of one five-minute window.
    const answers = await inWaves(Array.from({ length: SIGN_UPS }), 8, async () => {
      clock.advance(590)
      const email = uniqueEmail('gate')
      const answer = await signUp(UPLINK, email)
      if (answer.body.access_token) accounts.push({ email, token: answer.body.access_token })
      return answer.status
    })
    expect(clock.now() - windowStart).toBeLessThan(WINDOW_MS)
    expect(answers.filter((status) => status !== 200)).toEqual([])
    expect(accounts).toHaveLength(SIGN_UPS)
    console.info(
      `festival NAT: ${SIGN_UPS} sign-ups from one declared address in ${seconds(started)} s`,
    )
  }, 180_000)

  it(`${LIVE_CLIENTS} live clients from the declared address are all live, and all hear a change`, async () => {
    const started = performance.now()
    // Four sockets per account (phones and tabs), under the account's cap of ten.
    const tokens = Array.from({ length: LIVE_CLIENTS }, (_, i) => accounts[i % SIGN_UPS]!.token)
    const live = await inWaves(tokens, 200, async (token) => {
      const client = await openLive(token)
      await client.next((m) => m.type === 'ready')
      return client
    })
    const connectedIn = seconds(started)
    expect(t.app.ctx.live.stats).toMatchObject({
      ready: LIVE_CLIENTS,
      refused: 0,
      refusedForAccount: 0,
    })
    // Someone else joins: every one of them hears the new count.
    expect((await signUp()).status).toBe(200)
    await eventually(() =>
      live.every((client) => client.messages.some((m) => m.type === 'user-count')),
    )
    console.info(
      `festival NAT: ${LIVE_CLIENTS} live clients from one declared address ready in ${connectedIn} s, all heard the change ${seconds(started)} s after the first opened`,
    )
  }, 120_000)

  it('an undeclared address still gets the normal budgets: 20 sign-ups, 50 live connections', async () => {
    const answers = []
    for (let i = 0; i < 21; i += 1) answers.push((await signUp(UNDECLARED)).status)
    expect(answers).toEqual([...Array(20).fill(200), 429])
    // Five sockets each for ten of the accounts: fifty, then the address is full.
    for (let i = 0; i < 50; i += 1) {
      const client = await openLive(accounts[i % 10]!.token, UNDECLARED)
      await client.next((m) => m.type === 'ready')
    }
    await refusedAsTooMany(await openLive(accounts[10]!.token, UNDECLARED))
  }, 60_000)

  it('one abusive account behind the declared address is still limited', async () => {
    const [abuser, neighbour] = [accounts[100]!, accounts[101]!]
    // It holds four sockets already: six more make ten, and the eleventh is refused.
    for (let i = 0; i < 6; i += 1) {
      const client = await openLive(abuser.token)
      await client.next((m) => m.type === 'ready')
    }
    await refusedAsTooMany(await openLive(abuser.token))
    // Ten failed sign-ins for one account behind the uplink, and it is refused even the right one.
    const failures = []
    for (let i = 0; i < 10; i += 1)
      failures.push((await signIn(abuser.email, 'not my password')).status)
    expect(failures).toEqual(Array(10).fill(400))
    expect((await signIn(abuser.email, GOOD_PASSWORD)).status).toBe(429)
    expect((await signIn(neighbour.email, GOOD_PASSWORD)).status).toBe(200)
  }, 60_000)
})
