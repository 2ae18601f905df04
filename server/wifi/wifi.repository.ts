import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type {
  Database,
  WifiDevicesTable,
  WifiGatewayNoticesTable,
  WifiGrantsTable,
  WifiPassesTable,
} from '../db/schema'

export type WifiPassRow = WifiPassesTable
export type WifiDeviceRow = WifiDevicesTable

export function findPassByUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom('wifi_passes').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

export function findPassByCodeHash(db: Kysely<Database>, codeHash: string) {
  return db
    .selectFrom('wifi_passes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst()
}

/** Stores the user's pass, replacing an earlier one (its code stops working at once). */
export async function savePass(trx: WriteHandle, pass: WifiPassRow): Promise<void> {
  await trx.deleteFrom('wifi_passes').where('user_id', '=', pass.user_id).execute()
  await trx.insertInto('wifi_passes').values(pass).execute()
}

export function listDevices(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('wifi_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('first_seen')
    .execute()
}

export function findDevice(db: Kysely<Database>, userId: string, deviceHash: string) {
  return db
    .selectFrom('wifi_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst()
}

export async function insertDevice(trx: WriteHandle, device: WifiDeviceRow): Promise<void> {
  await trx.insertInto('wifi_devices').values(device).execute()
}

/** A device admitted again: seen now, its session renewed, no longer cut off. */
export async function renewDevice(
  trx: WriteHandle,
  id: string,
  fields: Pick<WifiDeviceRow, 'gateway' | 'label' | 'last_seen' | 'session_until'>,
): Promise<void> {
  await trx
    .updateTable('wifi_devices')
    .set({ ...fields, cut_off_at: null })
    .where('id', '=', id)
    .execute()
}

/** Removes one of the user's devices; false when it was not theirs (or already gone). */
export async function deleteDevice(trx: WriteHandle, userId: string, id: string) {
  const result = await trx
    .deleteFrom('wifi_devices')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

export async function markDeviceCutOff(trx: WriteHandle, id: string, at: number): Promise<void> {
  await trx.updateTable('wifi_devices').set({ cut_off_at: at }).where('id', '=', id).execute()
}

/** Device records of everyone, older than `before` by their last sighting (the privacy purge). */
export async function purgeDevices(trx: WriteHandle, before: number): Promise<number> {
  const result = await trx
    .deleteFrom('wifi_devices')
    .where('last_seen', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Queues (or queues again) a grant for a gateway's authmon to collect. */
export async function queueGrant(trx: WriteHandle, grant: WifiGrantsTable): Promise<void> {
  await trx
    .deleteFrom('wifi_grants')
    .where('gateway', '=', grant.gateway)
    .where('rhid', '=', grant.rhid)
    .execute()
  await trx.insertInto('wifi_grants').values(grant).execute()
}

/** Grants the gateway has not acknowledged yet, oldest first. */
export function pendingGrants(db: Kysely<Database>, gateway: string, limit: number) {
  return db
    .selectFrom('wifi_grants')
    .select(['rhid', 'line'])
    .where('gateway', '=', gateway)
    .where('acknowledged_at', 'is', null)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

export function findGrant(db: Kysely<Database>, gateway: string, rhid: string) {
  return db
    .selectFrom('wifi_grants')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('rhid', '=', rhid)
    .executeTakeFirst()
}

export async function acknowledgeGrants(
  trx: WriteHandle,
  gateway: string,
  rhids: string[],
  at: number,
): Promise<number> {
  if (rhids.length === 0) return 0
  const result = await trx
    .updateTable('wifi_grants')
    .set({ acknowledged_at: at })
    .where('gateway', '=', gateway)
    .where('rhid', 'in', rhids)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** authmon's `clear` at start-up: the gateway forgot its queue, so do we. */
export async function clearGrants(trx: WriteHandle, gateway: string): Promise<void> {
  await trx
    .deleteFrom('wifi_grants')
    .where('gateway', '=', gateway)
    .where('acknowledged_at', 'is', null)
    .execute()
}

/** Grants older than `before`, acknowledged or not: the portal stopped waiting for them. */
export async function purgeGrants(trx: WriteHandle, before: number): Promise<void> {
  await trx.deleteFrom('wifi_grants').where('created_at', '<', before).execute()
}

export async function insertNotice(trx: WriteHandle, notice: WifiGatewayNoticesTable) {
  await trx.insertInto('wifi_gateway_notices').values(notice).execute()
}

export async function purgeNotices(trx: WriteHandle, before: number): Promise<void> {
  await trx.deleteFrom('wifi_gateway_notices').where('received_at', '<', before).execute()
}
