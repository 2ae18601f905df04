import { type Kysely, sql } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database } from '../db/schema'

/** Counts one hit of `key` in the window starting at `windowStart`; returns the window's count. */
export async function countHit(
  trx: WriteHandle,
  key: string,
  windowStart: number,
): Promise<number> {
  const row = await trx
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
        window_start: sql`excluded.window_start`,
      }),
    )
    .returning(['hits'])
    .executeTakeFirstOrThrow()
  return row.hits
}

/** The counts of `keys` in the window starting at `windowStart` (absent keys have none). */
export async function findHits(
  db: Kysely<Database>,
  keys: string[],
  windowStart: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'hits'])
    .where('key', 'in', keys)
    .where('window_start', '=', windowStart)
    .execute()
  return new Map(rows.map((row) => [row.key, row.hits]))
}

export async function deleteHits(trx: WriteHandle, key: string): Promise<void> {
  await trx.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Forgets every window older than the current one. */
export async function deleteOldWindows(trx: WriteHandle, currentWindowStart: number) {
  await trx.deleteFrom('rate_limits').where('window_start', '<', currentWindowStart).execute()
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Forgets every counter about these subjects (an e-mail address, a user id), wherever they stand
 * in a key: at its end (`name:subject`) or before a space (`name:email ip`). A deleted account's.
 */
export async function deleteHitsOfSubjects(trx: WriteHandle, subjects: string[]): Promise<void> {
  if (subjects.length === 0) return
  await trx
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or(
        subjects.flatMap((subject) => [
          eb('key', 'like', sql<string>`${`%:${likeLiteral(subject)}`} escape '\\'`),
          eb('key', 'like', sql<string>`${`%:${likeLiteral(subject)} %`} escape '\\'`),
        ]),
      ),
    )
    .execute()
}
