import type { AppDatabase } from '../db/database'
import { listRemindersSentTo, listSubscriptionsOf } from './push.repository'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

/**
 * My reminders for my data export (docs/privacy.md): each browser subscribed, by its push
 * service's origin (the full address and keys let anyone push to that browser), and what was sent.
 */
export async function remindersPersonalData(database: AppDatabase, userId: string) {
  const { db } = database
  const [subscriptions, sent] = await Promise.all([
    listSubscriptionsOf(db, [userId]),
    listRemindersSentTo(db, userId),
  ])
  return {
    pushSubscriptions: subscriptions
      .sort((a, b) => Number(a.created_at) - Number(b.created_at))
      .map((row) => ({
        pushService: new URL(row.endpoint).origin,
        createdAt: iso(row.created_at),
      })),
    remindersSent: sent.map((row) => ({
      setKey: row.set_key,
      kind: row.kind,
      sentAt: iso(row.sent_at),
    })),
  }
}
