import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A user's WiFi pass: the code is looked up by a keyed hash and kept encrypted for showing it.
  await db.schema
    .createTable('wifi_passes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_cipher', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // A device the portal let through; the MAC address only as a keyed hash (device_hash).
  await db.schema
    .createTable('wifi_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('session_until', 'bigint', (c) => c.notNull())
    .addColumn('cut_off_at', 'bigint')
    .addUniqueConstraint('wifi_devices_user_device', ['user_id', 'device_hash'])
    .execute()
  // Level 3: grants waiting for a gateway's authmon poll, until it acknowledges them.
  await db.schema
    .createTable('wifi_grants')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('rhid', 'text', (c) => c.notNull())
    // None for a grace grant (a new account waiting for its confirmation mail).
    .addColumn('device_id', 'text', (c) => c.references('wifi_devices.id').onDelete('cascade'))
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('acknowledged_at', 'bigint')
    .addPrimaryKeyConstraint('wifi_grants_pk', ['gateway', 'rhid'])
    .execute()
  // What gateways told us (deauthentications, custom notices), for the organiser's records.
  await db.schema
    .createTable('wifi_gateway_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wifi_gateway_notices').execute()
  await db.schema.dropTable('wifi_grants').execute()
  await db.schema.dropTable('wifi_devices').execute()
  await db.schema.dropTable('wifi_passes').execute()
}
