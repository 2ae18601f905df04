import { randomUUID } from 'node:crypto'
import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import type { PortalState } from './portal-state'
import {
  findDevice,
  insertDevice,
  listDevices,
  queueGrant,
  renewDevice,
  type WifiDeviceRow,
} from './wifi.repository'
import { grantLine, type WifiAllowance } from './wifi-allowance'
import type { Gateway } from './wifi-gateways'
import { rhidOf } from './wifi-secrets'

/** A device holding one of the account's places, as the portal names it to the user. */
export interface PlaceHolder {
  label: string
  gateway: string
  lastSeen: number
}

export type Admission =
  /** Levels 1-2: the browser goes to the gateway's auth dir, which opens the way at once. */
  | { kind: 'gateway'; location: string }
  /** Level 3: the grant waits for the gateway's authmon to collect it (about 10 s). */
  | { kind: 'queued' }
  /** The account's devices are all online elsewhere. */
  | { kind: 'full'; holders: PlaceHolder[] }

export interface AdmissionRequest {
  database: AppDatabase
  gateway: Gateway
  state: PortalState
  allowance: WifiAllowance
  /** Where the gateway sends the browser once it let it through (levels 1-2). */
  onlineUrl: string
  now: number
}

/** A device holds a place while its session runs and no gateway reported it cut off. */
export const holdsPlace = (device: WifiDeviceRow, now: number) =>
  device.session_until > now && device.cut_off_at === null

/**
 * Lets the portal's device through for `userId`, up to the account's device limit: a device seen
 * before keeps its record (and its place), a new one needs a free place. Records the device by a
 * keyed hash of its MAC address, and gives the gateway its grant.
 */
export function admitDevice(
  request: AdmissionRequest,
  userId: string,
  devicesPerAccount: number,
): Promise<Admission> {
  const { database, gateway, state, allowance, now } = request
  return writeTransaction(database, async (trx) => {
    const existing = await findDevice(trx, userId, state.m)
    if (!existing) {
      const holding = (await listDevices(trx, userId)).filter((device) => holdsPlace(device, now))
      if (holding.length >= devicesPerAccount) {
        return {
          kind: 'full' as const,
          holders: holding.map((device) => ({
            label: device.label,
            gateway: device.gateway,
            lastSeen: device.last_seen,
          })),
        }
      }
    }
    const seen = {
      gateway: gateway.id,
      label: state.u,
      last_seen: now,
      session_until: now + allowance.minutes * 60_000,
    }
    const id = existing?.id ?? randomUUID()
    if (existing) await renewDevice(trx, id, seen)
    else {
      await insertDevice(trx, {
        id,
        user_id: userId,
        device_hash: state.m,
        first_seen: now,
        cut_off_at: null,
        ...seen,
      })
    }
    return grant(trx, request, id, id)
  })
}

/**
 * A short grant with no account behind it yet (a new account's confirmation mail to open), not
 * counted against any device limit. Its custom string says so.
 */
export function admitForGrace(request: AdmissionRequest): Promise<Admission> {
  return writeTransaction(request.database, (trx) => grant(trx, request, 'grace', null))
}

async function grant(
  trx: WriteHandle,
  request: AdmissionRequest,
  custom: string,
  deviceId: string | null,
): Promise<Admission> {
  const { gateway, state, allowance, onlineUrl, now } = request
  const rhid = rhidOf(state.h, gateway.faskey)
  if (gateway.level === 3) {
    await queueGrant(trx, {
      gateway: gateway.id,
      rhid,
      device_id: deviceId,
      line: grantLine(rhid, allowance, custom),
      created_at: now,
      acknowledged_at: null,
    })
    return { kind: 'queued' }
  }
  const query = new URLSearchParams({ tok: rhid, redir: onlineUrl, custom })
  return { kind: 'gateway', location: `http://${state.a}/${state.d}/?${query}` }
}
