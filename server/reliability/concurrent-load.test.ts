import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { createTestApp, type TestApp } from '../test/test-app'

const USERS = 500
const DOUBLE_TAPS = 50

const json = { 'content-type': 'application/json' }

interface Answer {
  status: number // 0 when the request never got an answer
  body: string
}

/** One request over a real socket; a network failure is an answer too, so it is counted, not thrown. */
async function send(url: string, init: RequestInit): Promise<Answer> {
  try {
    const response = await fetch(url, init)
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { status: 0, body: String(error) }
  }
}

/** Status -> how many answers had it, for readable failure messages. */
const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1
    return counts
  }, {})

// A festival gate opening: hundreds of fans sign up and post their vibe in the same few seconds,
// over real HTTP connections, and the server neither fails nor double-counts anyone.
describe('500 concurrent sign-ups and vibe creations', () => {
  let t: TestApp
  let baseUrl: string
  const serverLog: string[] = []

  beforeAll(async () => {
    // Rate limits off (as createTestApp defaults), so all 500 must succeed and any non-2xx fails.
    t = await createTestApp(
      { RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void serverLog.push(line) } },
    )
    baseUrl = await t.listen()
    serverLog.length = 0 // start-up notices (no built client) are not about the load
  })
  afterAll(() => t?.close())

  /** Whatever the server logged at warn or worse, to explain a failure. */
  const withLog = (message: string) =>
    `${message}\nserver log:\n${serverLog.slice(0, 10).join('') || '(nothing)'}`

  it('answers every request without a 5xx and stores each user and vibe exactly once', async () => {
    const started = performance.now()

    const emails = Array.from({ length: USERS }, () => uniqueEmail('load'))
    const signUps = await Promise.all(
      emails.map((email) =>
        send(`${baseUrl}/auth/v1/signup`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: GOOD_PASSWORD }),
        }),
      ),
    )
    const signUpsDone = performance.now()
    const failedSignUps = signUps.filter((answer) => answer.status !== 200)
    expect(
      failedSignUps,
      withLog(`sign-up statuses ${JSON.stringify(tally(signUps))}, first failures`),
    ).toEqual([])

    const users = signUps.map((answer) => {
      const body = JSON.parse(answer.body)
      return { accessToken: body.access_token as string, userId: body.user.id as string }
    })
    expect(new Set(users.map((user) => user.userId)).size).toBe(USERS)

    // One create per user, plus a second one at the same moment for the first DOUBLE_TAPS users.
    const create = (user: (typeof users)[number], i: number, tap: number) =>
      send(`${baseUrl}/api/vibes`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${user.accessToken}` },
        body: JSON.stringify({ username: `fan${i}-${tap}`, emoji: '🎉', status: 'At the gate!' }),
      })
    const [firsts, seconds] = await Promise.all([
      Promise.all(users.map((user, i) => create(user, i, 1))),
      Promise.all(users.slice(0, DOUBLE_TAPS).map((user, i) => create(user, i, 2))),
    ])
    const elapsed = Math.round(performance.now() - started)

    const creates = [...firsts, ...seconds]
    const serverErrors = [...signUps, ...creates].filter(
      (answer) => answer.status === 0 || answer.status >= 500,
    )
    expect(serverErrors, withLog(`create statuses ${JSON.stringify(tally(creates))}`)).toEqual([])

    // A double tap leaves one 201 and one 409 vibe_already_exists, whichever request won the race.
    for (let i = 0; i < USERS; i += 1) {
      const taps = i < DOUBLE_TAPS ? [firsts[i]!, seconds[i]!] : [firsts[i]!]
      const statuses = taps.map((answer) => answer.status).sort()
      expect(statuses, `user ${i}: ${taps.map((answer) => answer.body).join(' | ')}`).toEqual(
        i < DOUBLE_TAPS ? [201, 409] : [201],
      )
      const won = taps.find((answer) => answer.status === 201)!
      expect(JSON.parse(won.body).vibe.userId).toBe(users[i]!.userId)
      const lost = taps.find((answer) => answer.status === 409)
      if (lost) expect(JSON.parse(lost.body).code).toBe('vibe_already_exists')
    }

    const counted = await send(`${baseUrl}/api/users/count`, {
      headers: { authorization: `Bearer ${users[0]!.accessToken}` },
    })
    expect(counted.status).toBe(200)
    expect(JSON.parse(counted.body)).toEqual({ count: USERS })

    const db = t.database.db
    const userRows = await db.selectFrom('users').select('email').execute()
    expect(userRows).toHaveLength(USERS)
    expect(new Set(userRows.map((row) => row.email))).toEqual(new Set(emails))

    const vibeRows = await db.selectFrom('vibes').select(['id', 'user_id']).execute()
    expect(vibeRows).toHaveLength(USERS)
    expect(new Set(vibeRows.map((row) => row.user_id))).toEqual(
      new Set(users.map((user) => user.userId)),
    )
    expect(new Set(vibeRows.map((row) => row.id)).size).toBe(USERS)

    // The maintained counter agrees with the rows it counts.
    const counter = await db
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'users')
      .executeTakeFirstOrThrow()
    expect(Number(counter.value)).toBe(userRows.length)

    console.info(
      `concurrent load: ${USERS} sign-ups, ${creates.length} creates (${DOUBLE_TAPS} double taps → 409) in ${elapsed} ms (sign-ups ${Math.round(signUpsDone - started)} ms)`,
    )
  }, 120_000)
})
