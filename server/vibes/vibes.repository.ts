import type { Kysely } from 'kysely'
import { lockKey } from '../db/advisory-lock'
import type { Dialect, WriteHandle } from '../db/database'
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
  // Hidden (pending review) and removed vibes are left out for everyone (docs/safety.md).
  let query = db.selectFrom('vibes').selectAll().where('moderation', '=', 'visible')
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

/** These vibes, those that exist (in no order). */
export function findVibesByIds(db: Kysely<Database>, ids: readonly string[]): Promise<VibeRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('vibes').selectAll().where('id', 'in', ids).execute()
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
  fields: Pick<VibeRow, 'username' | 'emoji' | 'status' | 'updated_at' | 'username_key'> &
    Partial<Pick<VibeRow, 'moderation' | 'moderation_reason'>>,
): Promise<void> {
  await trx.updateTable('vibes').set(fields).where('id', '=', id).execute()
}

/** The advisory-lock key space of usernames (the other key is a hash of the folded name). */
const USERNAME_LOCK_SPACE = 22_001

/**
 * Holds a folded username until the transaction ends, so two accounts claiming look-alike names
 * at once cannot both find it free.
 */
export const lockUsernameKey = (trx: WriteHandle, dialect: Dialect, key: string) =>
  lockKey(trx, dialect, USERNAME_LOCK_SPACE, key)

/** Whether another user's vibe goes by this folded username. */
export async function usernameKeyTaken(
  trx: WriteHandle,
  key: string,
  userId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('vibes')
    .select('id')
    .where('username_key', '=', key)
    .where('user_id', '!=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Moves a vibe to another moderation state, only from one of `from`: the row after the change, or
 * undefined when it was not in one of them (another request moved it first).
 */
export function setModeration(
  trx: WriteHandle,
  id: string,
  change: {
    from: readonly VibeRow['moderation'][]
    to: VibeRow['moderation']
    reason: string | null
  },
): Promise<VibeRow | undefined> {
  return trx
    .updateTable('vibes')
    .set({ moderation: change.to, moderation_reason: change.reason })
    .where('id', '=', id)
    .where('moderation', 'in', change.from)
    .returningAll()
    .executeTakeFirst()
}

/** Vibes stored before usernames had keys (migration 008): a batch of them. */
export function findVibesWithoutUsernameKey(
  db: Kysely<Database>,
  limit: number,
): Promise<Pick<VibeRow, 'id' | 'username'>[]> {
  return db
    .selectFrom('vibes')
    .select(['id', 'username'])
    .where('username_key', 'is', null)
    .limit(limit)
    .execute()
}

export async function setUsernameKey(trx: WriteHandle, id: string, key: string): Promise<void> {
  await trx.updateTable('vibes').set({ username_key: key }).where('id', '=', id).execute()
}
