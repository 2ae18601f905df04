import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, PushSubscriptionsTable, RemindersSentTable } from '../db/schema'

// Browsers' push subscriptions, and the reminders claimed (sent or being sent).

export type SubscriptionRow = PushSubscriptionsTable
export type SentRow = RemindersSentTable

/**
 * Stores a subscription by its endpoint: a repeat changes nothing but its keys and time, and an
 * endpoint another account had moves to this one (one browser, one account signed in).
 */
export async function upsertSubscription(trx: WriteHandle, row: SubscriptionRow): Promise<void> {
  await trx
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('endpoint_hash').doUpdateSet({
        user_id: row.user_id,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: row.created_at,
      }),
    )
    .execute()
}

/** Keeps the user's `keep` newest subscriptions and deletes the rest. */
export async function trimSubscriptions(
  trx: WriteHandle,
  userId: string,
  keep: number,
): Promise<void> {
  const rows = await trx
    .selectFrom('push_subscriptions')
    .select('endpoint_hash')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint_hash')
    .execute()
  const old = rows.slice(keep).map((row) => row.endpoint_hash)
  if (old.length === 0) return
  await trx.deleteFrom('push_subscriptions').where('endpoint_hash', 'in', old).execute()
}

/** Deletes the user's subscription with this endpoint; another user's is left alone. */
export async function deleteOwnSubscription(
  trx: WriteHandle,
  userId: string,
  endpointHash: string,
): Promise<void> {
  await trx
    .deleteFrom('push_subscriptions')
    .where('endpoint_hash', '=', endpointHash)
    .where('user_id', '=', userId)
    .execute()
}

/**
 * Deletes a subscription its push service called expired, unless it was renewed since it was
 * read (a new subscription on the same endpoint has new keys).
 */
export async function deleteExpiredSubscription(
  trx: WriteHandle,
  endpointHash: string,
  p256dh: string,
): Promise<void> {
  await trx
    .deleteFrom('push_subscriptions')
    .where('endpoint_hash', '=', endpointHash)
    .where('p256dh', '=', p256dh)
    .execute()
}

/** The subscriptions of these users. */
export function listSubscriptionsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute()
}

/**
 * Claims reminders before sending them: returns the rows that were not claimed before (by this
 * instance, another one, or before a restart). A row claimed here is never claimed again.
 */
export async function claimReminders(
  trx: WriteHandle,
  rows: readonly SentRow[],
): Promise<Array<Pick<SentRow, 'user_id' | 'set_key' | 'kind'>>> {
  if (rows.length === 0) return []
  return trx
    .insertInto('reminders_sent')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['user_id', 'set_key', 'kind']).doNothing())
    .returning(['user_id', 'set_key', 'kind'])
    .execute()
}

/** The reminders and change notices sent to a user (their data export). */
export function listRemindersSentTo(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('reminders_sent')
    .select(['set_key', 'kind', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('sent_at')
    .execute()
}
