import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, OneTimeTokensTable } from '../db/schema'

export async function insertOneTimeToken(trx: WriteHandle, token: OneTimeTokensTable) {
  await trx.insertInto('one_time_tokens').values(token).execute()
}

/**
 * Voids a user's outstanding link tokens: of one kind (a newer link of that kind was issued), or
 * all of them (the password changed, or an unconfirmed sign-up was replaced).
 */
export async function deleteOneTimeTokens(
  trx: WriteHandle,
  userId: string,
  kind?: OneTimeTokensTable['kind'],
): Promise<void> {
  let query = trx.deleteFrom('one_time_tokens').where('user_id', '=', userId)
  if (kind) query = query.where('kind', '=', kind)
  await query.execute()
}

export function findOneTimeToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * Uses a link token once: returns its row when it existed, was unused and unexpired, and marks it
 * used in the same statement so two clicks cannot both succeed.
 */
export async function consumeOneTimeToken(trx: WriteHandle, tokenHash: string, now: number) {
  const row = await findOneTimeToken(trx, tokenHash)
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined
  const result = await trx
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? row : undefined
}

/** A user's mailed links and codes, without their hashes (their data export). */
export function listOneTimeTokensOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('one_time_tokens')
    .select(['kind', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}
