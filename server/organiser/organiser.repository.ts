import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'

const HOUR_MS = 3_600_000

// Counts only: nothing here reads a column that names or reaches a person.

/** Accounts created since `from`, per hour (the hour's start in ms), hours without any left out. */
export async function signUpsPerHour(db: Kysely<Database>, from: number) {
  // Integer division on both engines (bigint on PostgreSQL, integer on SQLite).
  const hour = sql<number | string>`created_at / ${sql.lit(HOUR_MS)}`
  const rows = await db
    .selectFrom('users')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('created_at', '>=', from)
    .groupBy(hour)
    .execute()
  return new Map(rows.map((row) => [Number(row.hour) * HOUR_MS, Number(row.count)]))
}

const count = async (query: Promise<{ count: number | string }>) => Number((await query).count)
const COUNT = sql<number | string>`count(*)`.as('count')

/** The dashboard's totals: small counts, most of them on an indexed column. */
export async function organiserCounts(db: Kysely<Database>, now: number) {
  const [accounts, withVibe, sessions, admitted, connected, open, handled, hidden] =
    await Promise.all([
      count(db.selectFrom('users').select(COUNT).executeTakeFirstOrThrow()),
      count(
        db
          .selectFrom('vibes')
          .select(sql<number | string>`count(distinct user_id)`.as('count'))
          .executeTakeFirstOrThrow(),
      ),
      count(
        db
          .selectFrom('auth_sessions')
          .select(COUNT)
          .where('refreshed_at', '>', now - HOUR_MS)
          .executeTakeFirstOrThrow(),
      ),
      count(db.selectFrom('wifi_devices').select(COUNT).executeTakeFirstOrThrow()),
      count(
        db
          .selectFrom('wifi_devices')
          .select(COUNT)
          .where('session_until', '>', now)
          .where('cut_off_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ),
      count(
        db
          .selectFrom('vibe_reports')
          .select(COUNT)
          .where('handled_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ),
      count(
        db
          .selectFrom('vibe_reports')
          .select(COUNT)
          .where('handled_at', 'is not', null)
          .executeTakeFirstOrThrow(),
      ),
      count(
        db
          .selectFrom('vibes')
          .select(COUNT)
          .where('moderation', '=', 'hidden')
          .executeTakeFirstOrThrow(),
      ),
    ])
  return { accounts, withVibe, sessions, admitted, connected, open, handled, hidden }
}
