import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

const json = { 'content-type': 'application/json' }
const SIGN_UP_WRITERS = 4
const VIBE_WRITERS = 4
/** Accounts signed up before the burst, each of which then creates its vibe during it. */
const VIBE_USERS = 24
const UPDATES_PER_VIBE = 10
/** The burst lasts at least this long, and until enough writes were acknowledged to check. */
const BURST_MS = 1500
/** The most it waits for enough writes, on a machine whose cores other suites hold. */
const BURST_MAX_MS = 20_000

interface VibeContent {
  username: string
  emoji: string
  status: string
}
/** What the client knows of one vibe: what the server last acknowledged, and what was cut off. */
interface VibeWrites {
  acknowledged: VibeContent
  inFlight?: VibeContent
}

// Acknowledged means durable: kill -9 in the middle of a burst of writes (sign-ups, vibe creates
// and vibe updates) loses none of them.
describe('SIGKILL during a burst of writes', () => {
  let database: TestDatabase
  let server: ServerProcess | undefined
  // Real server processes start slowly on a busy two-core machine.
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database.drop()
  })

  it('every acknowledged sign-up, vibe creation and vibe update is present after a restart', async () => {
    const env = { DATABASE_URL: database.url, RATE_LIMIT: 'off' }
    server = await startServerProcess(env)
    const url = server.url
    /** The answer's status and body; 0 when the kill cut the request off (no promise made). */
    const send = async (method: string, path: string, body: object, token?: string) => {
      try {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: await response.json() }
      } catch {
        return { status: 0, body: undefined }
      }
    }

    // The accounts that will write vibes, signed up before any fault.
    const vibeUsers: string[] = []
    let signingUp = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (signingUp++ < VIBE_USERS) {
          const answer = await send('POST', '/auth/v1/signup', {
            email: uniqueEmail('crash-vibe'),
            password: GOOD_PASSWORD,
          })
          expect(answer.status).toBe(200)
          vibeUsers.push(answer.body.access_token)
        }
      }),
    )

    const signUps: string[] = []
    const vibes = new Map<string, VibeWrites>() // vibe id -> its writes
    let updates = 0
    let cutOff = 0
    const unexpected: number[] = [] // any answer but success or none at all
    const refused = (status: number) => {
      if (status === 0) cutOff += 1
      else unexpected.push(status)
    }
    let running = true
    const run = Math.random().toString(36).slice(2, 6)

    const signUpWriter = async () => {
      while (running) {
        const email = uniqueEmail('crash')
        const answer = await send('POST', '/auth/v1/signup', { email, password: GOOD_PASSWORD })
        if (answer.status === 200) signUps.push(email)
        else refused(answer.status)
      }
    }
    // Creates a vibe for the next account, updates it UPDATES_PER_VIBE times, and moves on; once
    // every account has its vibe, keeps updating the last one.
    const vibeWriter = async (_: unknown, writer: number) => {
      let writes: VibeWrites | undefined
      let token = ''
      let id = ''
      // A name of each vibe's own: a username is one person's (docs/safety.md).
      let username = ''
      for (let n = 0; running; n += 1) {
        if (!writes || (n % (UPDATES_PER_VIBE + 1) === 0 && vibeUsers.length > 0)) {
          token = vibeUsers.pop() ?? token
          // A name of this run too: a retry runs on the same database, where the first run's
          // names are taken.
          username = `Crash ${run}-${writer}.${n}`
          const content = { username, emoji: '💥', status: `created ${n}` }
          const answer = await send('POST', '/api/vibes', content, token)
          if (answer.status !== 201) return refused(answer.status)
          id = answer.body.vibe.id
          writes = { acknowledged: content }
          vibes.set(id, writes)
          continue
        }
        const content = { username, emoji: '💥', status: `update ${n}` }
        writes.inFlight = content
        const answer = await send('PATCH', `/api/vibes/${id}`, content, token)
        if (answer.status !== 200) return refused(answer.status)
        writes.acknowledged = content
        writes.inFlight = undefined
        updates += 1
      }
    }
    const writers = [
      ...Array.from({ length: SIGN_UP_WRITERS }, signUpWriter),
      ...Array.from({ length: VIBE_WRITERS }, vibeWriter),
    ]
    // Kill once enough writes were acknowledged to mean something (and the burst has run its
    // time): on a loaded machine a fixed burst acknowledged as few as three sign-ups.
    const started = Date.now()
    const enough = () => signUps.length > 5 && vibes.size > VIBE_WRITERS && updates > 20
    while (Date.now() - started < BURST_MS || (!enough() && Date.now() - started < BURST_MAX_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await server.stop('SIGKILL')
    running = false
    await Promise.all(writers)
    expect(unexpected).toEqual([])
    expect(signUps.length).toBeGreaterThan(5)
    expect(vibes.size).toBeGreaterThan(VIBE_WRITERS)
    expect(updates).toBeGreaterThan(20)

    server = await startServerProcess(env)
    const check = openDatabase({ url: database.url })
    try {
      const users = await check.db.selectFrom('users').select('email').execute()
      const stored = new Set(users.map((row) => row.email))
      expect(signUps.filter((email) => !stored.has(email))).toEqual([])
      // The maintained count never disagrees with the rows it counts.
      const counter = await check.db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'users')
        .executeTakeFirstOrThrow()
      expect(Number(counter.value)).toBe(users.length)

      // Each vibe holds what was last acknowledged, or the one update the kill cut off.
      const rows = await check.db
        .selectFrom('vibes')
        .select(['id', 'username', 'emoji', 'status'])
        .execute()
      const byId = new Map(rows.map(({ id, ...content }) => [id, content]))
      const lost = [...vibes].filter(([id, writes]) => {
        const content = byId.get(id)
        return !content || ![writes.acknowledged, writes.inFlight].some((c) => isEqual(c, content))
      })
      expect(lost).toEqual([])
      console.info(
        `crash test: ${signUps.length + vibes.size + updates} acknowledged writes checked ` +
          `(${signUps.length} sign-ups, ${vibes.size} vibe creations, ${updates} vibe updates), ` +
          `${cutOff} requests cut off by the kill`,
      )
    } finally {
      await check.close()
    }
  }, 60_000)
})

const isEqual = (a: VibeContent | undefined, b: VibeContent) =>
  a !== undefined && a.username === b.username && a.emoji === b.emoji && a.status === b.status
