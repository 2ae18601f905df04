import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vibes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One current vibe per user, enforced by the database so two racing creates leave one row.
    .addColumn('user_id', 'text', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  // The feed reads newest first with a (created_at, id) keyset cursor.
  await db.schema
    .createIndex('vibes_feed_idx')
    .on('vibes')
    .columns(['created_at desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vibes').execute()
}
