import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FestivalInfoSchema } from '../../shared/festival/festival.schema'
import { LineupFailureSchema, LineupResponseSchema } from '../../shared/lineup/lineup.schema'
import {
  FeedPageSchema,
  MyVibeSchema,
  UserCountSchema,
  VibeInputSchema,
  VibeResponseSchema,
  VibeSchema,
} from '../../shared/vibes/vibe.schema'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import {
  anyHeaderValue,
  anyQueryString,
  anyText,
  bodyShaped,
  edgeUnicodeText,
  expectValidAnswer,
  fuzzRuns,
  oddBodyHeaders,
  oddContentType,
  oddHeaders,
  oddJsonBody,
} from '../test/fuzz'
import { useTestApp } from '../test/test-app'
import { postVibe, uniqueUsername } from '../test/vibe-helpers'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 100
const WRITE_RUNS = 150
const ODD_REQUEST_RUNS = 100
const IF_MATCH_RUNS = 60
const USERS = 12

const json = { 'content-type': 'application/json' }
const VIBE_FIELDS = ['username', 'emoji', 'status']

/** Text that often passes validation, so successes are exercised too, not only refusals. */
const plausibleText = (max: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: max + 2 }),
    fc.constantFrom(
      '🎉',
      '🇳🇱',
      '👨‍👩‍👧',
      '1️⃣',
      '❤️',
      ' padded ',
      'é',
      'Nguyễn'.normalize('NFD'),
      'abcd',
      '<img src=x onerror=alert(1)>',
      "'; drop table vibes; --",
    ),
    edgeUnicodeText(),
    anyText(),
  )
const vibeBody = () =>
  fc.oneof(
    fc.record({ username: plausibleText(20), emoji: plausibleText(4), status: plausibleText(100) }),
    bodyShaped(VIBE_FIELDS),
  )
/** How the body is labelled: JSON in several spellings, other media types, or nothing. */
const contentType = () =>
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    undefined,
  )

// Random input against every non-auth endpoint: each answer is a valid success or a 4xx in the
// envelope, never a 5xx nor a hang, and the database holds only valid rows afterwards.
describe('data endpoints under random input', () => {
  const t = useTestApp()
  let users: SignedUpUser[]
  const ownVibe = new Map<string, string>() // user id -> vibe id
  const tried: Record<string, number> = {}
  const count = (name: string) => {
    tried[name] = (tried[name] ?? 0) + 1
  }

  beforeAll(async () => {
    users = []
    for (let i = 0; i < USERS; i += 1) users.push(await signUpUser(t))
    // A few vibes up front, so feed pages have cursors and updates have targets.
    for (const user of users.slice(0, 4)) {
      const created = await postVibe(t, user, {
        username: uniqueUsername('seed'),
        emoji: '🌱',
        status: 'here first',
      })
      ownVibe.set(user.userId, created.id)
    }
  })
  afterAll(() => {
    const total = Object.values(tried).reduce((a, b) => a + b, 0)
    console.info(`api fuzz: ${total} requests ${JSON.stringify(tried)}`)
  })

  /** Reads a vibe's text back: a lone surrogate, say, once came back other than it was answered. */
  const expectStoredAsAnswered = async (vibe: { id: string } & Record<string, unknown>) => {
    const row = await t.database.db
      .selectFrom('vibes')
      .select(['username', 'emoji', 'status'])
      .where('id', '=', vibe.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ username: vibe.username, emoji: vibe.emoji, status: vibe.status })
  }

  // Printed as `users[i]` in a counterexample rather than as a screenful of tokens.
  const anyUser = () =>
    fc
      .integer({ min: 0, max: USERS - 1 })
      .map((i) => ({ ...users[i]!, [fc.toStringMethod]: () => `users[${i}]` }))

  it('GET /api/vibes with odd query strings and headers', async () => {
    const first = await t.app.inject({
      url: '/api/vibes?limit=1',
      headers: bearer(users[0]!.accessToken),
    })
    const cursor: string = first.json().nextCursor
    expect(cursor).toBeTruthy()
    // Cursors we issued, tampered with, or forged around plausible positions.
    const cursors = fc.oneof(
      fc.constant(cursor),
      fc
        .tuple(fc.nat({ max: cursor.length }), fc.string({ maxLength: 3 }))
        .map(([at, insert]) => cursor.slice(0, at) + insert + cursor.slice(at + 1)),
      fc
        .tuple(
          fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER), fc.constant(2 ** 60)),
          anyText(),
        )
        .map(([at, id]) => Buffer.from(`${at}:${id.slice(0, 70)}`).toString('base64url')),
    )
    const query = fc.oneof(
      anyQueryString(['cursor', 'limit']),
      fc
        .record(
          { cursor: cursors, limit: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.constant(1)) },
          { requiredKeys: [] },
        )
        .map((q) => `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`),
    )
    await fc.assert(
      fc.asyncProperty(query, oddHeaders(), anyUser(), async (search, headers, user) => {
        count('feed')
        const response = await t.app.inject({
          url: `/api/vibes${search}`,
          headers: { ...headers, ...bearer(user.accessToken) },
        })
        expectValidAnswer(response, { 200: FeedPageSchema })
        if (response.statusCode === 200) {
          const limit = Number(new URLSearchParams(search).get('limit') ?? 50)
          expect(response.json().vibes.length).toBeLessThanOrEqual(limit)
        }
      }),
      fuzzRuns(RUNS),
    )
  })

  it('GET /api/vibes/mine and /api/users/count with odd headers and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyQueryString(['limit', 'user']),
        oddHeaders(),
        anyUser(),
        async (search, headers, user) => {
          count('mine')
          const mine = await t.app.inject({
            url: `/api/vibes/mine${search}`,
            headers: { ...headers, ...bearer(user.accessToken) },
          })
          expectValidAnswer(mine, { 200: MyVibeSchema })
          // Only ever the caller's own vibe.
          const vibe = mine.statusCode === 200 ? mine.json().vibe : null
          if (vibe) expect(vibe.userId).toBe(user.userId)
          count('count')
          const counted = await t.app.inject({
            url: `/api/users/count${search}`,
            headers: { ...headers, ...bearer(user.accessToken) },
          })
          expectValidAnswer(counted, { 200: UserCountSchema })
        },
      ),
      fuzzRuns(RUNS),
    )
  })

  it('POST /api/vibes with random bodies, media types and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        vibeBody(),
        contentType(),
        oddHeaders(),
        anyUser(),
        async (body, type, headers, user) => {
          count('create')
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/vibes',
            headers: {
              ...headers,
              ...(type ? { 'content-type': type } : {}),
              ...bearer(user.accessToken),
            },
            payload: JSON.stringify(body) ?? 'null',
          })
          expectValidAnswer(response, { 201: VibeResponseSchema })
          if (response.statusCode === 201) {
            // Created exactly what was sent, normalised, for the caller and nobody else.
            const vibe = response.json().vibe
            expect(ownVibe.has(user.userId)).toBe(false)
            expect(vibe).toMatchObject({ userId: user.userId, ...VibeInputSchema.parse(body) })
            await expectStoredAsAnswered(vibe)
            ownVibe.set(user.userId, vibe.id)
          }
          // 409 is a second vibe, or a username another user's looks like (docs/safety.md).
          if (response.statusCode === 409 && response.json().code === 'vibe_already_exists') {
            expect(ownVibe.has(user.userId)).toBe(true)
          }
        },
      ),
      fuzzRuns(WRITE_RUNS),
    )
  })

  /** Path ids: real ones, random text (encoded), and ones a router or a database may choke on. */
  const ids = () =>
    fc.oneof(
      fc.constantFrom(...ownVibe.values()),
      anyText().map((id) => encodeURIComponent(id)),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).map(encodeURIComponent),
      fc.constantFrom(
        '',
        '%00',
        'a%00b',
        '..%2F..%2Fetc',
        '%',
        '%zz',
        '%ED%A0%80',
        'a'.repeat(65),
        'a'.repeat(500),
        '00000000-0000-4000-8000-000000000000',
      ),
    )

  it('PATCH /api/vibes/:id with random ids and a valid body', async () => {
    const valid = { username: 'Probe', emoji: '🔎', status: 'looking around' }
    await fc.assert(
      fc.asyncProperty(ids(), anyUser(), async (id, user) => {
        count('update-id')
        const before = await t.database.db.selectFrom('vibes').selectAll().execute()
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/vibes/${id}`,
          headers: bearer(user.accessToken),
          // A name of the caller's own: a username is one person's.
          payload: { ...valid, username: `Probe ${user.userId.slice(0, 8)}` },
        })
        expectValidAnswer(response, { 200: VibeResponseSchema })
        const owner = [...ownVibe].find(([, vibeId]) => vibeId === id)?.[0]
        if (owner === user.userId) expect(response.statusCode).toBe(200)
        else if (owner) expect(response.statusCode).toBe(403)
        else expect([400, 404, 414]).toContain(response.statusCode)
        if (owner !== user.userId) {
          expect(await t.database.db.selectFrom('vibes').selectAll().execute()).toEqual(before)
        }
      }),
      fuzzRuns(RUNS),
    )
  })

  it('PATCH /api/vibes/:id with random ids, bodies and media types, own and others', async () => {
    await fc.assert(
      fc.asyncProperty(
        ids(),
        vibeBody(),
        contentType(),
        anyUser(),
        async (id, body, type, user) => {
          count('update')
          const before = await t.database.db.selectFrom('vibes').selectAll().execute()
          const response = await t.app.inject({
            method: 'PATCH',
            url: `/api/vibes/${id}`,
            headers: { ...(type ? { 'content-type': type } : {}), ...bearer(user.accessToken) },
            payload: JSON.stringify(body) ?? 'null',
          })
          expectValidAnswer(response, { 200: VibeResponseSchema })
          const after = await t.database.db.selectFrom('vibes').selectAll().execute()
          if (response.statusCode === 200) {
            const vibe = VibeSchema.parse(response.json().vibe)
            expect(vibe).toMatchObject({ userId: user.userId, ...VibeInputSchema.parse(body) })
            expect(ownVibe.get(user.userId)).toBe(vibe.id)
            await expectStoredAsAnswered(vibe)
            // Only that one row moved.
            expect(after.filter((row) => row.id !== vibe.id)).toEqual(
              before.filter((row) => row.id !== vibe.id),
            )
          } else {
            expect(after).toEqual(before)
          }
          // Someone else's vibe is never changed: a valid JSON update of it answers 403.
          const owner = [...ownVibe].find(([, vibeId]) => vibeId === id)?.[0]
          if (owner && owner !== user.userId) {
            expect(response.statusCode).not.toBe(200)
            const isJson = type?.toLowerCase().startsWith('application/json')
            if (isJson && VibeInputSchema.safeParse(body).success) {
              expect(response.statusCode).toBe(403)
            }
          }
        },
      ),
      fuzzRuns(WRITE_RUNS),
    )
  })

  it('PATCH /api/vibes/:id with random If-Match headers: written only on the version named', async () => {
    const ifMatch = fc.oneof(
      fc.constantFrom('current', 'older', 'weak', 'listed'),
      anyHeaderValue().map((value) => ({ value })),
    )
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), ifMatch, async (i, pick) => {
        count('update-if-match')
        const user = users[i]!
        const id = ownVibe.get(user.userId)!
        const rowOf = () =>
          t.database.db.selectFrom('vibes').selectAll().where('id', '=', id).executeTakeFirst()
        const before = await rowOf()
        const current = `"${Number(before!.updated_at)}"`
        const header =
          typeof pick === 'object'
            ? pick.value
            : {
                current,
                older: `"${Number(before!.updated_at) - 1}"`,
                weak: `W/${current}`,
                listed: `"0", ${current}`,
              }[pick]
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/vibes/${id}`,
          headers: { ...bearer(user.accessToken), 'if-match': header },
          payload: { username: `Probe ${user.userId.slice(0, 8)}`, emoji: '🔎', status: 'again' },
        })
        expectValidAnswer(response, { 200: VibeResponseSchema })
        const names = pick === 'current' || pick === 'listed' || header.trim() === '*'
        if (names) {
          expect(response.statusCode).toBe(200)
          const vibe = VibeSchema.parse(response.json().vibe)
          expect(response.headers.etag).toBe(`"${Date.parse(vibe.updatedAt)}"`)
        } else {
          expect(response.statusCode).toBe(412)
          expect(response.json().code).toBe('vibe_changed')
          expect(await rowOf()).toEqual(before)
        }
      }),
      fuzzRuns(IF_MATCH_RUNS),
    )
  })

  it('POST and PATCH /api/vibes with odd media types, charsets, encodings and JSON shapes', async () => {
    const valid = { username: 'Odd', emoji: '🧪', status: 'sent oddly' }
    const endpoint = fc.constantFrom('create', 'update own', 'update another’s')
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        oddJsonBody(valid),
        oddContentType(),
        fc.tuple(oddHeaders(), oddBodyHeaders()),
        anyQueryString(['id', 'user_id']),
        anyUser(),
        async (which, payload, type, [headers, bodyHeaders], search, user) => {
          count('odd-request')
          const [owner, id] = [...ownVibe][which === 'update own' ? 0 : 1]!
          const caller = which === 'create' ? user : users.find((u) => u.userId === owner)!
          const target =
            which === 'update another’s' ? users.find((u) => u.userId !== owner)! : caller
          const before = await t.database.db.selectFrom('vibes').selectAll().execute()
          const response = await t.app.inject({
            method: which === 'create' ? 'POST' : 'PATCH',
            url: `${which === 'create' ? '/api/vibes' : `/api/vibes/${id}`}${search}`,
            headers: {
              ...headers,
              ...bodyHeaders,
              ...(type === undefined ? {} : { 'content-type': type }),
              ...bearer(target.accessToken),
            },
            payload,
          })
          expectValidAnswer(response, { 200: VibeResponseSchema, 201: VibeResponseSchema })
          const after = await t.database.db.selectFrom('vibes').selectAll().execute()
          // A success stores exactly the body sent (a BOM aside), normalised, and only the caller's.
          const sent = () =>
            VibeInputSchema.parse(JSON.parse(payload.toString().replace(/^\uFEFF/, '')))
          if (response.statusCode === 201) {
            const vibe = response.json().vibe
            expect(ownVibe.has(target.userId)).toBe(false)
            expect(vibe).toMatchObject({ userId: target.userId, ...sent() })
            ownVibe.set(target.userId, vibe.id)
          } else if (response.statusCode === 200) {
            expect(which).toBe('update own')
            expect(response.json().vibe).toMatchObject({ id, userId: owner, ...sent() })
            expect(after.filter((row) => row.id !== id)).toEqual(
              before.filter((row) => row.id !== id),
            )
          } else {
            expect(after).toEqual(before)
          }
        },
      ),
      fuzzRuns(ODD_REQUEST_RUNS),
    )
  })

  it('GET /api/lineup with odd query strings and conditional headers', async () => {
    const etag = String((await t.app.inject('/api/lineup')).headers.etag)
    const ifNoneMatch = fc.oneof(
      anyHeaderValue(),
      fc.constantFrom(etag, `W/${etag}`, `"x", ${etag}`, '*', ` ${etag} `),
    )
    await fc.assert(
      fc.asyncProperty(
        anyQueryString(['day', 'stage']),
        oddHeaders(),
        fc.option(ifNoneMatch),
        // The lineup is sent compressed when the client accepts it (ADR 037).
        fc.option(fc.constantFrom('br', 'gzip', '*', 'gzip, br', 'br;q=0', 'identity;q=0', 'zstd')),
        async (search, headers, match, encoding) => {
          count('lineup')
          const response = await t.app.inject({
            url: `/api/lineup${search}`,
            headers: {
              ...headers,
              ...(match === null ? {} : { 'if-none-match': match }),
              ...(encoding === null ? {} : { 'accept-encoding': encoding }),
            },
          })
          expectValidAnswer(response, { 200: LineupResponseSchema, 304: null }, LineupFailureSchema)
        },
      ),
      fuzzRuns(RUNS),
    )
  })

  it('public endpoints, unknown paths and wrong methods', async () => {
    const path = fc.oneof(
      fc.constantFrom(
        '/api/festival',
        '/healthz',
        '/readyz',
        '/api/users/count',
        '/api/vibes',
        '/api/lineup',
      ),
      anyText().map((text) => `/api/${encodeURIComponent(text.slice(0, 300))}`),
      fc.constantFrom(
        '/api/../etc/passwd',
        '/api//vibes',
        '/api/vibes/',
        '/API/VIBES',
        `/api/${'x/'.repeat(500)}`,
      ),
    )
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
    await fc.assert(
      fc.asyncProperty(
        path,
        method,
        anyQueryString(['a']),
        oddHeaders(),
        async (where, verb, search, headers) => {
          count('other')
          const response = await t.app.inject({
            method: verb as 'GET',
            url: `${where}${search}`,
            headers: { ...headers, ...json, ...bearer(users[0]!.accessToken) },
            ...(verb === 'GET' || verb === 'HEAD' ? {} : { payload: '{}' }),
          })
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500)
          if (verb === 'HEAD') return
          const lineup = where === '/api/lineup'
          // A conditional GET that matches (`If-None-Match: *` matches any lineup) is right to
          // answer 304 with no body.
          const successes: Parameters<typeof expectValidAnswer>[1] = {
            200: lineup
              ? LineupResponseSchema
              : { safeParse: (value) => ({ success: typeof value === 'object' }) },
            201: VibeResponseSchema,
            204: null,
          }
          if (verb === 'GET' && headers['if-none-match'] !== undefined) successes[304] = null
          expectValidAnswer(
            response,
            successes,
            lineup && verb === 'GET' ? LineupFailureSchema : undefined,
          )
        },
      ),
      fuzzRuns(RUNS),
    )
    expect(FestivalInfoSchema.safeParse((await t.app.inject('/api/festival')).json()).success).toBe(
      true,
    )
  })

  it('stored no invalid row: every vibe valid, one per user, counts exact', async () => {
    const vibes = await t.database.db.selectFrom('vibes').selectAll().execute()
    const userIds = new Set(
      (await t.database.db.selectFrom('users').select('id').execute()).map((row) => row.id),
    )
    for (const row of vibes) {
      const input = { username: row.username, emoji: row.emoji, status: row.status }
      // Valid, and stored already normalised (what is read back is what validation produced).
      expect(VibeInputSchema.parse(input)).toEqual(input)
      expect(userIds.has(row.user_id)).toBe(true)
      expect(Number(row.updated_at)).toBeGreaterThanOrEqual(Number(row.created_at))
    }
    expect(new Set(vibes.map((row) => row.user_id)).size).toBe(vibes.length)
    expect(vibes.map((row) => row.id).sort()).toEqual([...ownVibe.values()].sort())
    const counter = await t.database.db
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'users')
      .executeTakeFirstOrThrow()
    expect(Number(counter.value)).toBe(userIds.size)
    expect(userIds.size).toBe(USERS)
  })
})
