import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The lineup is replaced as a whole document, so an import is never half-applied.
  await db.schema
    .createTable('lineup_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('last_updated', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lineup_snapshots').execute()
}
