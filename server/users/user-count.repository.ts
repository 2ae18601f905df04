import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/** The number of accounts: one primary-key read of a counter maintained on sign-up. */
export async function readUserCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', 'users')
    .executeTakeFirst()
  return Number(row?.value ?? 0)
}
