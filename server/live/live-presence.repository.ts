import type { AppDatabase, WriteHandle } from '../db/database'
import type { LivePresenceTable } from '../db/schema'

// Each instance's count of live viewers, one row per instance (ADR 035, addendum).

/** Writes an instance's count, as of `row.seen_at`. */
export async function upsertPresence(trx: WriteHandle, row: LivePresenceTable): Promise<void> {
  await trx
    .insertInto('live_presence')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('instance_id').doUpdateSet({ viewers: row.viewers, seen_at: row.seen_at }),
    )
    .execute()
}

/** Deletes the rows of instances last seen before `before`. */
export async function deletePresenceSeenBefore(trx: WriteHandle, before: number): Promise<void> {
  await trx.deleteFrom('live_presence').where('seen_at', '<', before).execute()
}

/** Deletes an instance's row. */
export async function deletePresence(trx: WriteHandle, instanceId: string): Promise<void> {
  await trx.deleteFrom('live_presence').where('instance_id', '=', instanceId).execute()
}

/** The other instances' viewers and how many instances, counting rows seen since `since`. */
export async function othersPresence(
  database: AppDatabase,
  instanceId: string,
  since: number,
): Promise<{ viewers: number; instances: number }> {
  const row = await database.db
    .selectFrom('live_presence')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('viewers'), eb.lit(0)).as('viewers'),
      eb.fn.countAll<number>().as('instances'),
    ])
    .where('instance_id', '<>', instanceId)
    .where('seen_at', '>=', since)
    .executeTakeFirstOrThrow()
  return { viewers: Number(row.viewers), instances: Number(row.instances) }
}
