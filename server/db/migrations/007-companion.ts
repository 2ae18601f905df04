import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A star on a set (docs/companion.md): the set as the user last saw it, to tell what changed.
  await db.schema
    .createTable('schedule_stars')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('set_key', 'text', (c) => c.notNull())
    .addColumn('starred_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('schedule_stars_pk', ['user_id', 'set_key'])
    .execute()
  // Who starred a set: the reminder scheduler's lookup, and a lineup change's notices.
  await db.schema.createIndex('schedule_stars_set').on('schedule_stars').column('set_key').execute()
  // One per user who has a schedule: its version (every star change bumps it: the calendar's
  // ETag), the calendar link and the share link (each looked up by a keyed hash, kept sealed
  // for showing), and the reminder choices.
  await db.schema
    .createTable('schedules')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('calendar_hash', 'text', (c) => c.unique())
    .addColumn('calendar_cipher', 'text')
    .addColumn('share_hash', 'text', (c) => c.unique())
    .addColumn('share_cipher', 'text')
    .addColumn('remind_minutes', 'integer')
    .addColumn('remind_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Who follows whose picks (through a share link); a new share link ends its followers.
  await db.schema
    .createTable('schedule_follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('schedule_follows_pk', ['follower_id', 'followee_id'])
    .execute()
  await db.schema
    .createIndex('schedule_follows_followee')
    .on('schedule_follows')
    .column('followee_id')
    .execute()
  // A browser's Web Push subscription (reminders); removed when its push service says it expired.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute()
  // A reminder or change notice sent (or being sent): one per (user, set, kind), so several
  // instances and restarts never send it twice.
  await db.schema
    .createTable('reminders_sent')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('set_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['user_id', 'set_key', 'kind'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminders_sent').execute()
  await db.schema.dropTable('push_subscriptions').execute()
  await db.schema.dropTable('schedule_follows').execute()
  await db.schema.dropTable('schedules').execute()
  await db.schema.dropTable('schedule_stars').execute()
}
