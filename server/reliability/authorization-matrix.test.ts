import { randomBytes } from 'node:crypto'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { LiveTestClient } from '../live/live-test-client'
import { GOOD_PASSWORD, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { createTestApp, type TestApp } from '../test/test-app'

const TOKEN_LIFETIME_S = 60
const KINDS = [
  'none',
  'malformed',
  'expired',
  'otherKey',
  'algNone',
  'tampered',
  'signedOut',
  'otherUser',
  'own',
] as const
type Kind = (typeof KINDS)[number]
/** What a cell expects: a status (and error code), or for the live channel a close or `ready`. */
type Expected = number | [number, string] | 'ready'

// Refusals on the data API (401 with GoTrue's code) and on GoTrue's own endpoints (403 for a
// token that is present but not valid, as GoTrue answers).
const DATA_REFUSED = {
  none: [401, 'no_authorization'],
  malformed: [401, 'bad_jwt'],
  expired: [401, 'bad_jwt'],
  otherKey: [401, 'bad_jwt'],
  algNone: [401, 'bad_jwt'],
  tampered: [401, 'bad_jwt'],
  signedOut: [401, 'session_not_found'],
} satisfies Record<string, Expected>
const GOTRUE_REFUSED = {
  none: [401, 'no_authorization'],
  malformed: [403, 'bad_jwt'],
  expired: [403, 'bad_jwt'],
  otherKey: [403, 'bad_jwt'],
  algNone: [403, 'bad_jwt'],
  tampered: [403, 'bad_jwt'],
  signedOut: [403, 'session_not_found'],
} satisfies Record<string, Expected>
const PUBLIC = Object.fromEntries(KINDS.map((kind) => [kind, 200])) as Record<Kind, Expected>

interface Row {
  name: string
  expected: Record<Kind, Expected>
  /** Whether another signed-in user may see the victim's vibe here (the shared feed). */
  showsFeed?: boolean
  request?: () => { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object }
}

// Every endpoint and the live channel, crossed with every kind of token the victim's attacker
// could hold. Run in order: the sign-outs come last, since they end the sessions they are given.
describe('authorization matrix', () => {
  const clock = createFakeClock()
  let t: TestApp
  let baseUrl: string
  let victim: SignedUpUser
  let attacker: SignedUpUser
  let victimVibeId: string
  const tokens = {} as Record<Kind, string | undefined>
  const secrets: string[] = []
  const actual: Record<string, Record<string, string>> = {}

  const rows = (): Row[] => [
    {
      name: 'GET /api/vibes',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      showsFeed: true,
      request: () => ({ method: 'GET', url: '/api/vibes' }),
    },
    {
      name: 'GET /api/vibes/mine',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => ({ method: 'GET', url: '/api/vibes/mine' }),
    },
    {
      name: 'POST /api/vibes',
      expected: { ...DATA_REFUSED, otherUser: 201, own: [409, 'vibe_already_exists'] },
      request: () => ({
        method: 'POST',
        url: '/api/vibes',
        payload: { username: 'Intruder', emoji: '🕵', status: 'was here' },
      }),
    },
    {
      name: 'PATCH /api/vibes/:id (the victim’s)',
      expected: { ...DATA_REFUSED, otherUser: [403, 'forbidden'], own: 200 },
      request: () => ({
        method: 'PATCH',
        url: `/api/vibes/${victimVibeId}`,
        payload: { username: 'Hacked', emoji: '💀', status: 'overwritten' },
      }),
    },
    {
      name: 'GET /api/users/count',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => ({ method: 'GET', url: '/api/users/count' }),
    },
    {
      name: 'GET /auth/v1/user',
      expected: { ...GOTRUE_REFUSED, otherUser: 200, own: 200 },
      request: () => ({ method: 'GET', url: '/auth/v1/user' }),
    },
    {
      name: 'PUT /auth/v1/user (new password)',
      expected: { ...GOTRUE_REFUSED, otherUser: 200, own: 200 },
      request: () => ({
        method: 'PUT',
        url: '/auth/v1/user',
        payload: { password: `a new passphrase ${randomBytes(4).toString('hex')}` },
      }),
    },
    { name: 'GET /api/lineup (public)', expected: PUBLIC, request: () => lineup },
    { name: 'GET /api/festival (public)', expected: PUBLIC, request: () => festival },
    // Endpoints that take no token ignore whatever is sent.
    {
      name: 'GET /auth/v1/settings (public)',
      expected: PUBLIC,
      request: () => get('/auth/v1/settings'),
    },
    { name: 'GET /healthz (public)', expected: PUBLIC, request: () => get('/healthz') },
    { name: 'GET /readyz (public)', expected: PUBLIC, request: () => get('/readyz') },
    {
      name: 'live channel /api/live',
      expected: {
        ...Object.fromEntries(
          Object.entries(DATA_REFUSED).map(([kind, [, code]]) => [
            kind,
            [LIVE_CLOSE.unauthorized, code] as [number, string],
          ]),
        ),
        // No auth message at all: closed when the auth timeout runs out.
        none: [LIVE_CLOSE.authTimeout, 'no_authorization'],
        otherUser: 'ready',
        own: 'ready',
      } as Record<Kind, Expected>,
    },
    {
      name: 'POST /auth/v1/logout?scope=local',
      expected: { ...GOTRUE_REFUSED, otherUser: 204, own: 204 },
      request: () => ({ method: 'POST', url: '/auth/v1/logout?scope=local' }),
    },
  ]
  const get = (url: string) => ({ method: 'GET' as const, url })
  const lineup = get('/api/lineup')
  const festival = get('/api/festival')

  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_JWT_EXPIRY: String(TOKEN_LIFETIME_S), LIVE_HEARTBEAT_S: '1' },
      { now: clock.now },
    )
    baseUrl = await t.listen()
    // The victim's first session: its access token expires when the clock moves on.
    victim = await signUpUser(t)
    tokens.expired = victim.accessToken
    secrets.push(victim.refreshToken)
    clock.advance((TOKEN_LIFETIME_S + 60) * 1000)
    const signIn = async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: victim.email, password: GOOD_PASSWORD },
      })
      expect(answer.statusCode).toBe(200)
      secrets.push(answer.json().refresh_token)
      return answer.json().access_token as string
    }
    tokens.own = await signIn()
    // A second session of the victim's, signed out on its own (the others stay).
    tokens.signedOut = await signIn()
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { authorization: `Bearer ${tokens.signedOut}` },
    })
    expect(logout.statusCode).toBe(204)
    attacker = await signUpUser(t)
    tokens.otherUser = attacker.accessToken
    tokens.none = undefined
    tokens.malformed = 'not-a-jwt'
    // The victim's own claims, signed with a key that is not the server's...
    const claims = decodeJwt(tokens.own)
    tokens.otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(randomBytes(32))
    // ...and not signed at all.
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
    tokens.algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
    // The attacker's own valid token with the victim's identity pasted into its payload.
    const [header, , signature] = tokens.otherUser.split('.')
    const attackerClaims = decodeJwt(tokens.otherUser)
    tokens.tampered = `${header}.${encode({ ...attackerClaims, sub: victim.userId, email: victim.email })}.${signature}`

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vibes',
      headers: { authorization: `Bearer ${tokens.own}` },
      payload: { username: 'Victim', emoji: '🔒', status: 'victim-private-marker' },
    })
    expect(created.statusCode).toBe(201)
    victimVibeId = created.json().vibe.id
  })
  afterAll(async () => {
    const header = `| endpoint | ${KINDS.join(' | ')} |`
    const lines = Object.entries(actual).map(
      ([name, cells]) => `| ${name} | ${KINDS.map((kind) => cells[kind] ?? '').join(' | ')} |`,
    )
    console.info(
      `authorization matrix: ${lines.length} rows x ${KINDS.length} token kinds\n${header}\n${lines.join('\n')}`,
    )
    await t.close()
  })

  const victimState = async () => ({
    vibe: await t.database.db
      .selectFrom('vibes')
      .selectAll()
      .where('id', '=', victimVibeId)
      .executeTakeFirst(),
    user: await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', victim.userId)
      .executeTakeFirst(),
  })

  const record = (row: Row, kind: Kind, answer: string) => {
    actual[row.name] ??= {}
    actual[row.name]![kind] = answer
  }

  for (const row of rows()) {
    it(row.name, async () => {
      for (const kind of KINDS) {
        const before = await victimState()
        const expected = row.expected[kind]
        const body = row.request
          ? await httpCell(row, kind, expected)
          : await liveCell(kind, expected)
        record(row, kind, describeExpected(expected))
        // Never, in any cell: password hashes or refresh tokens.
        expect(body).not.toMatch(/argon2|encrypted_password/)
        for (const secret of secrets) expect(body).not.toContain(secret)
        if (kind === 'own') continue
        // Nobody but the victim reads the victim's e-mail or private data, or changes anything.
        expect(body, `${row.name} / ${kind}`).not.toContain(victim.email)
        if (!(row.showsFeed && kind === 'otherUser')) {
          expect(body, `${row.name} / ${kind}`).not.toContain('victim-private-marker')
        }
        expect(await victimState(), `${row.name} / ${kind}`).toEqual(before)
      }
    })
  }

  async function httpCell(row: Row, kind: Kind, expected: Expected): Promise<string> {
    const token = tokens[kind]
    const answer = await t.app.inject({
      ...row.request!(),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    })
    if (expected === 'ready') throw new Error(`${row.name}: an HTTP cell cannot expect 'ready'`)
    const [status, code]: [number, string?] = Array.isArray(expected) ? expected : [expected]
    expect(answer.statusCode, `${row.name} / ${kind}: ${answer.body.slice(0, 200)}`).toBe(status)
    if (code) {
      // A refusal says why and nothing else.
      expect(ErrorEnvelopeSchema.strict().parse(answer.json()).code).toBe(code)
    }
    if (kind === 'otherUser' && status < 300 && answer.body) {
      // The attacker's own data answers, never the victim's.
      const json = JSON.stringify(answer.json())
      if (!row.showsFeed) expect(json).not.toContain(victim.userId)
    }
    return answer.body
  }

  async function liveCell(kind: Kind, expected: Expected): Promise<string> {
    const client = await LiveTestClient.connect(baseUrl)
    try {
      const token = tokens[kind]
      if (token !== undefined) client.send({ type: 'auth', token })
      if (expected === 'ready') {
        await client.next((message) => message.type === 'ready')
      } else {
        const [closeCode, code] = expected as [number, string]
        expect((await client.closed).code, `live / ${kind}`).toBe(closeCode)
        expect(client.messages).toEqual([{ type: 'error', code, message: expect.any(String) }])
      }
      return JSON.stringify(client.messages)
    } finally {
      client.close()
    }
  }

  it('left the victim’s vibe to the victim, and one vibe per user', async () => {
    const vibes = await t.database.db.selectFrom('vibes').selectAll().execute()
    expect(vibes.map((vibe) => vibe.user_id).sort()).toEqual(
      [victim.userId, attacker.userId].sort(),
    )
  })
})

function describeExpected(expected: Expected): string {
  if (expected === 'ready') return 'ready'
  return Array.isArray(expected) ? `${expected[0]} ${expected[1]}` : String(expected)
}
