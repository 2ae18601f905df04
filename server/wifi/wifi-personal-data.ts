import type { AppDatabase } from '../db/database'
import { findPassByUser, listDevices } from './wifi.repository'

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString()

/**
 * My WiFi pass and devices for my data export (docs/privacy.md). The pass code is a credential
 * (anyone who has it gets online as me) and the app shows it: only when it was made is here.
 * Devices: their labels, gateways and times; the keyed hash of each MAC address stays out.
 */
export async function wifiPersonalData(database: AppDatabase, userId: string) {
  const { db } = database
  const [pass, devices] = await Promise.all([findPassByUser(db, userId), listDevices(db, userId)])
  return {
    pass: pass ? { createdAt: iso(pass.created_at) } : null,
    devices: devices.map((device) => ({
      label: device.label,
      gateway: device.gateway,
      firstSeen: iso(device.first_seen),
      lastSeen: iso(device.last_seen),
      sessionUntil: iso(device.session_until),
      cutOffAt: iso(device.cut_off_at),
    })),
  }
}
