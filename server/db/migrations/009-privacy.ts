import type { Kysely } from 'kysely'

// 008 is the moderation half's (issue 22); the two are numbered apart so they merge in order.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A block: neither person sees the other's vibes, shared picks or follows (docs/privacy.md).
  // Deleting either account deletes the block.
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute()
  // Who blocked me: half of "hidden either way" is looked up by the blocked person.
  await db.schema
    .createIndex('user_blocks_blocked')
    .on('user_blocks')
    .column('blocked_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_blocks').execute()
}
