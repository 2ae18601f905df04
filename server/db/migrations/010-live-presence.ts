import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // How many people each instance has on its live channel, written at every live heartbeat, so
  // any instance can answer "online now" for all of them (ADR 035, addendum). A row whose
  // instance stopped without saying so goes stale and is no longer counted, then deleted.
  await db.schema
    .createTable('live_presence')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_presence').execute()
}
