import type { FastifyBaseLogger } from 'fastify'
import type { WifiPass } from '../../shared/wifi/wifi.schema'
import type { AuthUser } from '../auth/auth-deps'
import type { Config } from '../config/config'
import { type AppDatabase, writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import { notFound } from '../http/app-error'
import { holdsPlace } from './admission'
import {
  deleteDevice,
  findPassByUser,
  listDevices,
  purgeDevices,
  purgeGrants,
  purgeNotices,
  savePass,
} from './wifi.repository'
import type { WifiLevels } from './wifi-allowance'
import type { Gateway } from './wifi-gateways'
import { wifiPersonalData } from './wifi-personal-data'
import { formatPassCode, keyedHash, newPassCode, seal, unseal, type WifiKeys } from './wifi-secrets'

const DAY_MS = 86_400_000
// Grants the portal stopped waiting for, and gateway notices: kept for a day, then dropped.
const GRANT_AND_NOTICE_KEEP_MS = DAY_MS
const PURGE_EVERY_MS = 3_600_000

export interface WifiPassDeps {
  database: AppDatabase
  config: Config
  gateways: readonly Gateway[]
  keys: WifiKeys
  levels: WifiLevels
  now: () => number
  log: FastifyBaseLogger
}

/** My WiFi pass in the app: its code, its QR link, my devices; and the privacy purge. */
export class WifiPassService {
  private purgeTimer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly deps: WifiPassDeps) {}

  /** My WiFi pass and devices for my data export (docs/privacy.md). */
  personalData(userId: string) {
    return wifiPersonalData(this.deps.database, userId)
  }

  /** The user's pass, made on first use. */
  async pass(user: AuthUser, siteUrl: string): Promise<WifiPass> {
    const code = (await this.existingCode(user.id)) ?? (await this.issue(user.id, false))
    return this.present(user.id, code, siteUrl)
  }

  /** A new code; the old one stops working at once (devices already online stay online). */
  async regenerate(user: AuthUser, siteUrl: string): Promise<WifiPass> {
    return this.present(user.id, await this.issue(user.id, true), siteUrl)
  }

  /** When the user's current pass was taken (ms), if they have one. */
  async takenAt(userId: string): Promise<number | undefined> {
    const pass = await findPassByUser(this.deps.database.db, userId)
    return pass ? Number(pass.created_at) : undefined
  }

  /**
   * Whether the account has a device the portal admitted whose WiFi session runs now: a guest the
   * festival's WiFi knows (the live channel's limits behind a declared uplink, ADR 026).
   */
  async hasDeviceOnline(userId: string): Promise<boolean> {
    const now = this.deps.now()
    const devices = await listDevices(this.deps.database.db, userId)
    return devices.some((device) => holdsPlace(device, now))
  }

  /** Forgets one of my devices: its record goes, and its place is free again. */
  async forgetDevice(user: AuthUser, id: string): Promise<void> {
    const deleted = await writeTransaction(this.deps.database, (trx) =>
      deleteDevice(trx, user.id, id),
    )
    if (!deleted) throw notFound('This device is not on your list')
  }

  /** Deletes device records past their retention; runs at start and then every hour. */
  startPurging(): void {
    const run = () =>
      this.purge().catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'wifi: purging old device records failed'),
      )
    void run()
    this.purgeTimer = setInterval(run, PURGE_EVERY_MS)
    this.purgeTimer.unref()
  }

  stop(): void {
    clearInterval(this.purgeTimer)
  }

  /**
   * Device records go WIFI_DEVICE_RETENTION_DAYS after the festival's last day
   * (FESTIVAL_LAST_DAY), or that long after a device was last seen when the day is not set.
   */
  async purge(): Promise<number> {
    const now = this.deps.now()
    const { purgeAfter } = this.retention()
    const before = purgeAfter && now >= Date.parse(purgeAfter) ? now : now - this.days() * DAY_MS
    return writeTransaction(this.deps.database, async (trx) => {
      await purgeGrants(trx, now - GRANT_AND_NOTICE_KEEP_MS)
      await purgeNotices(trx, now - GRANT_AND_NOTICE_KEEP_MS)
      return purgeDevices(trx, before)
    })
  }

  /** A gateway's name as the organiser set it (its id if it is no longer configured). */
  private gatewayName(id: string): string {
    return this.deps.gateways.find((gateway) => gateway.id === id)?.name ?? id
  }

  private days() {
    return this.deps.config.WIFI_DEVICE_RETENTION_DAYS
  }

  private retention(): WifiPass['retention'] {
    const lastDay = this.deps.config.FESTIVAL_LAST_DAY
    const purgeAfter = lastDay
      ? new Date(Date.parse(`${lastDay}T00:00:00Z`) + (this.days() + 1) * DAY_MS)
          .toISOString()
          .slice(0, 10)
      : null
    return { purgeAfter, days: this.days() }
  }

  private async existingCode(userId: string): Promise<string | null> {
    const pass = await findPassByUser(this.deps.database.db, userId)
    if (!pass) return null
    const code = unseal(this.deps.keys.codeDisplay, pass.code_cipher)
    if (code === null) this.deps.log.error({ userId }, 'wifi: a stored pass code does not decrypt')
    return code
  }

  /** Stores a new code for the user (retrying the one-in-a-trillion clash with another's). */
  private async issue(userId: string, replace: boolean): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const code = newPassCode()
      try {
        const stored = await writeTransaction(this.deps.database, async (trx) => {
          if (!replace && (await findPassByUser(trx, userId))) return false
          await savePass(trx, {
            user_id: userId,
            code_hash: keyedHash(this.deps.keys.codeLookup, code),
            code_cipher: seal(this.deps.keys.codeDisplay, code),
            created_at: this.deps.now(),
          })
          return true
        })
        // Two first visits at once: the other one made it, and that is the pass.
        if (!stored) return (await this.existingCode(userId))!
        this.deps.levels.passTaken(userId)
        return code
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error
      }
    }
  }

  private async present(userId: string, code: string, siteUrl: string): Promise<WifiPass> {
    const now = this.deps.now()
    const [devices, grant] = await Promise.all([
      listDevices(this.deps.database.db, userId),
      this.deps.levels.grantFor(userId),
    ])
    const iso = (ms: number) => new Date(ms).toISOString()
    const [first] = this.deps.gateways
    return {
      code: formatPassCode(code),
      portalUrl: first ? `${siteUrl}/wifi/pass?code=${formatPassCode(code)}` : null,
      sessionMinutes: grant.sessionMinutes,
      devicesPerAccount: grant.devices,
      devices: devices.map((device) => ({
        id: device.id,
        label: device.label,
        gateway: this.gatewayName(device.gateway),
        firstSeen: iso(device.first_seen),
        lastSeen: iso(device.last_seen),
        sessionUntil: iso(device.session_until),
        cutOffAt: device.cut_off_at === null ? null : iso(device.cut_off_at),
        online: holdsPlace(device, now),
      })),
      retention: this.retention(),
    }
  }
}
