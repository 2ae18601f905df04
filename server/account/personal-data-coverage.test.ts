import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, GOOD_PASSWORD, type SignedUpUser, signIn } from '../test/auth-helpers'
import { busyAccount, busyAccountEnv } from '../test/busy-account'
import { columnsHolding, personColumns } from '../test/person-columns'
import { useTestApp } from '../test/test-app'
import { type Coverage, EXPORT_COVERAGE } from './export-coverage'

/** The value at a dotted path of the export. */
const at = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], data)

/** How many rows the export's value stands for: a list's items, one value, or none. */
const rowsShown = (value: unknown) => (Array.isArray(value) ? value.length : value == null ? 0 : 1)

/** Columns about people that the export map does not place: each named, with what to do. */
function uncovered(columns: readonly string[]): string[] {
  return columns
    .filter((column) => !(column in EXPORT_COVERAGE))
    .map(
      (column) =>
        `${column} holds who someone is, but the data export does not cover it: add it to server/account/export-coverage.ts (and the export), and check that deleting an account removes it`,
    )
}

// The data export and account deletion against what the database really holds (issue 22): the
// schema's columns about people, and every row that names a busy account, on this run's engine.
describe('my data export and account deletion cover every table about people', () => {
  const t = useTestApp(busyAccountEnv())
  let me: SignedUpUser
  let others: SignedUpUser[]
  let exported: Record<string, unknown>
  beforeAll(async () => {
    ;({ me, others } = await busyAccount(t))
    const answer = await t.app.inject({
      url: '/api/account/export',
      headers: bearer(me.accessToken),
    })
    expect(answer.statusCode, answer.body).toBe(200)
    exported = answer.json()
  })

  /** The rows of `table` whose `column` is the account (its id, or for a key column its text). */
  const rowsOf = async (key: string, user: SignedUpUser) => {
    const [table, column] = key.split('.') as [string, string]
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.database.db,
    )
    return rows.rows.filter((row) => {
      const value = String(row[column] ?? '')
      return value === user.userId || value === user.email || value.includes(`:${user.email}`)
    }).length
  }

  it('places every column whose schema says it holds a person', async () => {
    expect(uncovered(await personColumns(t.database))).toEqual([])
  })

  it('places every column in which a busy account’s id or e-mail address is found', async () => {
    const found = await columnsHolding(t.database, [me.userId, me.email])
    expect(uncovered(found)).toEqual([])
    // The busy account reaches every table the map names (else this test would prove little).
    const placed = Object.keys(EXPORT_COVERAGE).filter(
      (key) => !('omitted' in EXPORT_COVERAGE[key]!),
    )
    expect(placed.filter((key) => !found.includes(key))).toEqual([])
  })

  it('shows each of the account’s rows where the map says, and counts what it only counts', async () => {
    const wrong: string[] = []
    for (const [key, coverage] of Object.entries(EXPORT_COVERAGE) as [string, Coverage][]) {
      if ('omitted' in coverage) continue
      const rows = key === 'users.email' ? 1 : await rowsOf(key, me)
      const shown =
        'path' in coverage ? rowsShown(at(exported, coverage.path)) : at(exported, coverage.count)
      if (shown !== rows) wrong.push(`${key}: ${rows} rows, the export shows ${String(shown)}`)
    }
    expect(wrong).toEqual([])
  })

  it('leaves secrets out: no password hash, token hash, pass code, link or push key', async () => {
    const text = JSON.stringify(exported)
    expect(text).not.toMatch(/argon2|encrypted_password|token_hash|code_hash|code_cipher/)
    const secrets = await Promise.all([
      t.database.db
        .selectFrom('schedules')
        .selectAll()
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow(),
      t.database.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow(),
      t.database.db
        .selectFrom('wifi_devices')
        .selectAll()
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow(),
    ])
    const [schedule, push, device] = secrets
    for (const secret of [
      schedule.calendar_hash,
      schedule.share_hash,
      schedule.calendar_cipher,
      push.endpoint,
      push.auth,
      push.p256dh,
      device.device_hash,
    ]) {
      expect(text).not.toContain(String(secret))
    }
    const pass = await t.app.inject({ url: '/api/wifi/pass', headers: bearer(me.accessToken) })
    expect(text).not.toContain(pass.json().code)
    // The people who follow or blocked me are counted, not named.
    expect(at(exported, 'blocks.blockedByCount')).toBe(1)
    expect(text).not.toContain(others[2]!.userId)
  })

  it('deletes the account and leaves no row that names it, in any table; the others keep theirs', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(me.accessToken),
      payload: { password: GOOD_PASSWORD },
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await columnsHolding(t.database, [me.userId, me.email])).toEqual([])
    for (const other of others) {
      expect(await columnsHolding(t.database, [other.userId])).toContain('vibes.user_id')
    }
    expect((await signIn(t, me.email)).statusCode).toBe(400)
  })
})

// The check itself: a table the moderation half (or anyone) adds later must make it fail by name.
describe('the coverage check', () => {
  const t = useTestApp()

  it('names a new table about people that the export does not cover', async () => {
    await sql`create table lost_and_found (id text primary key, finder_id text not null references users(id) on delete cascade, note text)`.execute(
      t.database.db,
    )
    await sql`create table fan_mail (sender_id text, message text)`.execute(t.database.db)
    try {
      const problems = uncovered(await personColumns(t.database))
      expect(problems).toEqual([
        expect.stringMatching(/^fan_mail\.sender_id holds who someone is/),
        expect.stringMatching(/^lost_and_found\.finder_id holds who someone is/),
      ])
    } finally {
      await sql`drop table lost_and_found`.execute(t.database.db)
      await sql`drop table fan_mail`.execute(t.database.db)
    }
  })
})
