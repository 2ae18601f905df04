import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, UserBlocksTable } from '../db/schema'

export type BlockRow = UserBlocksTable

/** Blocks someone; false when the block was there already. */
export async function insertBlock(trx: WriteHandle, row: BlockRow): Promise<boolean> {
  const result = await trx
    .insertInto('user_blocks')
    .values(row)
    .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Lifts a block; false when there was none. */
export async function deleteBlock(
  trx: WriteHandle,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The blocks the user made, most recent first. */
export function listBlocksBy(db: Kysely<Database>, blockerId: string): Promise<BlockRow[]> {
  return db
    .selectFrom('user_blocks')
    .selectAll()
    .where('blocker_id', '=', blockerId)
    .orderBy('created_at', 'desc')
    .orderBy('blocked_id')
    .execute()
}

/** Everyone the user blocked or was blocked by: two index lookups. */
export async function listBlockedEitherWay(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('user_blocks')
    .select('blocked_id as other')
    .where('blocker_id', '=', userId)
    .union(
      db.selectFrom('user_blocks').select('blocker_id as other').where('blocked_id', '=', userId),
    )
    .execute()
  return rows.map((row) => row.other)
}

/** How many people blocked the user (the export says how many, not who). */
export async function countBlockedBy(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_blocks')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('blocked_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
