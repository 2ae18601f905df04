import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { AuditLogTable, Database } from '../db/schema'

/**
 * The user's pseudonym in the audit log, made on first use. The log names people only by
 * pseudonym; `audit_people` says who one is while the account exists, and goes with it.
 */
export async function pseudonymOf(trx: WriteHandle, userId: string): Promise<string> {
  await trx
    .insertInto('audit_people')
    .values({ pseudonym: `p_${randomBytes(12).toString('base64url')}`, user_id: userId })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  const row = await trx
    .selectFrom('audit_people')
    .select('pseudonym')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.pseudonym
}

/** Appends an entry: the log takes inserts only (its triggers refuse the rest, migration 008). */
export async function appendAudit(trx: WriteHandle, entry: AuditLogTable): Promise<void> {
  await trx.insertInto('audit_log').values(entry).execute()
}

/** Entries, newest first, after a (at, id) position; `limit + 1` rows to tell whether more follow. */
export function listAudit(
  db: Kysely<Database>,
  options: { after?: { at: number; id: string } | undefined; limit: number },
) {
  let query = db.selectFrom('audit_log').selectAll()
  const { after } = options
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after.at, after.id)))
  }
  return query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute()
}

/** Who these pseudonyms are, for those whose account still exists. */
export async function resolvePseudonyms(
  db: Kysely<Database>,
  pseudonyms: readonly string[],
): Promise<Map<string, string>> {
  if (pseudonyms.length === 0) return new Map()
  const rows = await db
    .selectFrom('audit_people')
    .select(['pseudonym', 'user_id'])
    .where('pseudonym', 'in', pseudonyms)
    .execute()
  return new Map(rows.map((row) => [row.pseudonym, row.user_id]))
}
