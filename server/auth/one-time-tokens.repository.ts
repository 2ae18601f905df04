import type { Kysely } from 'kysely'
import type { Database, OneTimeTokensTable } from '../db/schema'

export async function insertOneTimeToken(db: Kysely<Database>, token: OneTimeTokensTable) {
  await db.insertInto('one_time_tokens').values(token).execute()
}

/**
 * Uses a link token once: returns its row when it existed, was unused and unexpired, and marks it
 * used in the same statement so two clicks cannot both succeed.
 */
export async function consumeOneTimeToken(db: Kysely<Database>, tokenHash: string, now: number) {
  const row = await db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? row : undefined
}
