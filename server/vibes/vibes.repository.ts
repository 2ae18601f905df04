import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, VibesTable } from '../db/schema'

export type VibeRow = VibesTable

/** Where the previous feed page ended: the last row's sort key. */
export interface FeedPosition {
  createdAt: number
  id: string
}

/**
 * One feed page, newest first. The keyset (created_at, id) makes pages stable while new vibes
 * arrive: a new row sorts before every cursor already handed out, so it never shifts later pages.
 * Reads `limit + 1` rows so the caller knows whether another page exists.
 */
export function listFeedPage(
  db: Kysely<Database>,
  options: { after?: FeedPosition | undefined; limit: number },
): Promise<VibeRow[]> {
  let query = db.selectFrom('vibes').selectAll()
  const after = options.after
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    )
  }
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute()
}

export function findVibeById(db: Kysely<Database>, id: string): Promise<VibeRow | undefined> {
  return db.selectFrom('vibes').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The user's one current vibe (user_id is unique). */
export function findVibeByUser(db: Kysely<Database>, userId: string): Promise<VibeRow | undefined> {
  return db.selectFrom('vibes').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** The vibes of these users (those who have one). */
export function findVibesByUsers(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<VibeRow[]> {
  if (userIds.length === 0) return Promise.resolve([])
  return db.selectFrom('vibes').selectAll().where('user_id', 'in', userIds).execute()
}

/** Throws a unique violation when the user already has a vibe: the index settles races. */
export async function insertVibe(trx: WriteHandle, row: VibeRow): Promise<void> {
  await trx.insertInto('vibes').values(row).execute()
}

export async function updateVibe(
  trx: WriteHandle,
  id: string,
  fields: Pick<VibeRow, 'username' | 'emoji' | 'status' | 'updated_at'>,
): Promise<void> {
  await trx.updateTable('vibes').set(fields).where('id', '=', id).execute()
}
