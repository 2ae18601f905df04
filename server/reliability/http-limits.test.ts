import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { bearer, type SignedUpUser, uniqueEmail } from '../test/auth-helpers'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { rawExchange } from '../test/raw-http'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe, LUNA as vibe } from '../test/vibe-helpers'

const BODY_LIMIT = 2048
const HEADERS_TIMEOUT_MS = 600
const REQUEST_TIMEOUT_MS = 1200
// A hang would run to the give-up time; a cut-off comes well before it.
const GIVE_UP_MS = 8000
const LIVE_LIMIT = 3
const LIVE_BURST = 12

// Limits a single client runs into: body size, slow sending, live connections per address.
describe('limits on what one client can hold', () => {
  let url: string
  let port: number
  let user: SignedUpUser
  let vibeId: string
  const t = useTestApp({
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    LIVE_MAX_CONNECTIONS_PER_IP: String(LIVE_LIMIT),
  })
  beforeAll(async () => {
    url = await t.listen()
    port = Number(new URL(url).port)
    const mine = await signUpWithVibe(t, vibe)
    user = mine.user
    vibeId = mine.vibe.id
  })

  const bodyEndpoints = () => [
    { method: 'POST', path: '/api/vibes' },
    { method: 'PATCH', path: `/api/vibes/${vibeId}` },
    { method: 'POST', path: '/auth/v1/signup' },
    { method: 'POST', path: '/auth/v1/token?grant_type=password' },
    { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token' },
    { method: 'POST', path: '/auth/v1/recover' },
    { method: 'PUT', path: '/auth/v1/user' },
  ]

  it('answers 413 in the envelope to a body over the limit on every endpoint, and stores nothing', async () => {
    const before = await t.database.db.selectFrom('vibes').selectAll().execute()
    const usersBefore = await t.database.db.selectFrom('users').select('id').execute()
    const huge = {
      ...vibe,
      email: uniqueEmail('huge'),
      password: 'correct horse battery staple',
      status: 'x'.repeat(BODY_LIMIT),
    }
    for (const { method, path } of bodyEndpoints()) {
      // Over real HTTP, both with a Content-Length and streamed in chunks without one.
      for (const chunked of [false, true]) {
        const text = JSON.stringify(huge)
        const body = chunked
          ? new ReadableStream({
              start(controller) {
                for (let i = 0; i < text.length; i += 512)
                  controller.enqueue(new TextEncoder().encode(text.slice(i, i + 512)))
                controller.close()
              },
            })
          : text
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
          body,
          ...(chunked ? { duplex: 'half' } : {}),
        } as RequestInit)
        expect(response.status, `${method} ${path} chunked=${chunked}`).toBe(413)
        expect(await response.json()).toMatchObject({ code: 'payload_too_large' })
      }
    }
    expect(await t.database.db.selectFrom('vibes').selectAll().execute()).toEqual(before)
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual(usersBefore)
  })

  it('answers 413 at once to a Content-Length over the limit, without waiting for the body', async () => {
    const answer = await rawExchange(
      port,
      `POST /api/vibes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.accessToken}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"a":',
      { giveUpMs: GIVE_UP_MS },
    )
    expect(answer.status).toBe(413)
    expect(ErrorEnvelopeSchema.parse(answer.body).code).toBe('payload_too_large')
  })

  it('cuts off a client that dribbles its headers, with a 408 in the envelope', async () => {
    const pieces = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: a\r\n`)
    const answer = await rawExchange(port, 'GET /api/festival HTTP/1.1\r\nHost: x\r\n', {
      pieces,
      intervalMs: 50,
      giveUpMs: GIVE_UP_MS,
    })
    expect(answer.closedByServer).toBe(true)
    expect(answer.status).toBe(408)
    expect(answer.body).toEqual({ code: 'request_timeout', message: expect.any(String) })
    expect(answer.piecesSent).toBeLessThan(pieces.length)
  })

  it('cuts off a client that dribbles its body, with a 408 in the envelope', async () => {
    const body = JSON.stringify({ email: uniqueEmail('slow'), password: 'x'.repeat(400) })
    const pieces = [...body]
    const answer = await rawExchange(
      port,
      'POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      { pieces, intervalMs: 20, giveUpMs: GIVE_UP_MS },
    )
    expect(answer.closedByServer).toBe(true)
    expect(answer.status).toBe(408)
    expect(answer.body).toEqual({ code: 'request_timeout', message: expect.any(String) })
    expect(answer.piecesSent).toBeLessThan(pieces.length)
  })

  it('closes a connection that opens and sends nothing', async () => {
    const answer = await rawExchange(port, '', { giveUpMs: GIVE_UP_MS })
    expect(answer.closedByServer).toBe(true)
  })

  it('answers malformed HTTP and oversized headers in the envelope and hangs up', async () => {
    const malformed = await rawExchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n', {
      giveUpMs: GIVE_UP_MS,
    })
    expect(malformed.status).toBe(400)
    expect(ErrorEnvelopeSchema.safeParse(malformed.body).success).toBe(true)
    const oversized = await rawExchange(
      port,
      `GET /api/festival HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      { giveUpMs: GIVE_UP_MS },
    )
    expect(oversized.status).toBe(431)
    expect(ErrorEnvelopeSchema.safeParse(oversized.body).success).toBe(true)
    for (const answer of [malformed, oversized]) expect(answer.closedByServer).toBe(true)
  })

  it('answers duplicate and conflicting headers on every body endpoint in the envelope, and stores nothing', async () => {
    const tables = async () => ({
      vibes: await t.database.db.selectFrom('vibes').selectAll().execute(),
      users: await t.database.db.selectFrom('users').selectAll().execute(),
    })
    const before = await tables()
    // A body no endpoint accepts, so the headers are all that could make a request succeed.
    const body = '{"password":1}'
    const auth = `Authorization: Bearer ${user.accessToken}\r\n`
    const json = 'Content-Type: application/json\r\n'
    const length = `Content-Length: ${body.length}\r\n`
    const variants = {
      'two content types, JSON first': `${auth}${json}Content-Type: text/plain\r\n${length}`,
      'two content types, JSON second': `${auth}Content-Type: text/plain\r\n${json}${length}`,
      'a valid token and a bad one': `${auth}Authorization: Bearer junk\r\n${json}${length}`,
      'two different lengths': `${auth}${json}${length}Content-Length: 3\r\n`,
      'a length and chunked': `${auth}${json}${length}Transfer-Encoding: chunked\r\n`,
      'a folded header line': `${auth}Content-Type: application/\r\n json\r\n${length}`,
      'a control character in a value': `${auth}${json}X-Odd: a\u0001b\r\n${length}`,
    }
    let tried = 0
    for (const { method, path } of bodyEndpoints()) {
      for (const [name, headers] of Object.entries(variants)) {
        const answer = await rawExchange(
          port,
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n${body}`,
          { giveUpMs: GIVE_UP_MS },
        )
        const where = `${method} ${path}, ${name}: ${answer.received.slice(0, 300)}`
        expect(answer.status, where).toBeGreaterThanOrEqual(400)
        expect(answer.status, where).toBeLessThan(500)
        expect(ErrorEnvelopeSchema.safeParse(answer.body).success, where).toBe(true)
        expect(answer.closedByServer, where).toBe(true)
        tried += 1
      }
    }
    expect(await tables()).toEqual(before)
    console.info(`http limits: ${tried} requests with duplicate or conflicting headers`)
  })

  it('still answers a normal client after all that', async () => {
    const response = await fetch(`${url}/api/festival`)
    expect(response.status).toBe(200)
  })

  it('admits at most the limit of live sockets from one address, even in a burst', async () => {
    const clients = await Promise.all(
      Array.from({ length: LIVE_BURST }, () => LiveTestClient.connect(url)),
    )
    try {
      // The refused ones are closed with 4429 at once; the admitted ones stay open.
      await eventually(
        () =>
          clients.filter((c) => c.socket.readyState === c.socket.CLOSED).length >=
          LIVE_BURST - LIVE_LIMIT,
      )
      const refused = clients.filter((c) => c.socket.readyState === c.socket.CLOSED)
      expect(refused).toHaveLength(LIVE_BURST - LIVE_LIMIT)
      for (const client of refused)
        expect((await client.closed).code).toBe(LIVE_CLOSE.tooManyConnections)
      expect(t.app.ctx.live.stats.sockets).toBe(LIVE_LIMIT)
    } finally {
      for (const client of clients) client.close()
    }
    await eventually(() => t.app.ctx.live.stats.sockets === 0)
  })

  it('does not let a forged X-Forwarded-For get around the per-address limit', async () => {
    const clients: LiveTestClient[] = []
    try {
      for (let i = 0; i < LIVE_LIMIT + 2; i += 1) {
        clients.push(
          await LiveTestClient.connect(url, { headers: { 'x-forwarded-for': `203.0.113.${i}` } }),
        )
      }
      await eventually(
        () => clients.filter((c) => c.socket.readyState === c.socket.CLOSED).length === 2,
      )
      expect(t.app.ctx.live.stats.sockets).toBe(LIVE_LIMIT)
    } finally {
      for (const client of clients) client.close()
    }
    await eventually(() => t.app.ctx.live.stats.sockets === 0)
  })

  it('admits sockets from another address while one address is at its limit', async () => {
    const clients: LiveTestClient[] = []
    try {
      for (let i = 0; i < LIVE_LIMIT; i += 1) clients.push(await LiveTestClient.connect(url))
      const elsewhere = await LiveTestClient.connect(url, { localAddress: '127.0.0.2' })
      clients.push(elsewhere)
      elsewhere.send({ type: 'auth', token: user.accessToken })
      await elsewhere.next((message) => message.type === 'ready')
      expect(t.app.ctx.live.stats.sockets).toBe(LIVE_LIMIT + 1)
    } finally {
      for (const client of clients) client.close()
    }
  })
})
