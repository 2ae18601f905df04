import type { Config } from '../config/config'

/** What one grant gives a device: openNDS's session length, rates (kb/s) and quotas (kB). */
export interface WifiAllowance {
  minutes: number
  uploadRate: number
  downloadRate: number
  uploadQuota: number
  downloadQuota: number
}

/** What a user's game level grants on the WiFi (docs/game.md). */
export interface LevelGrant {
  sessionMinutes: number
  devices: number
  /** MB per session; 0 for none (then WIFI_DOWNLOAD_QUOTA_KB applies). */
  dataQuotaMb: number
}

/** What the WiFi feature asks of the game, handed in by the app. */
export interface WifiLevels {
  grantFor(userId: string): Promise<LevelGrant>
  /** A pass was taken: the early-bird quest may be done. */
  passTaken(userId: string): void
}

/** The allowance an account without a level gets (a grace grant for a new account). */
export function defaultAllowance(config: Config): WifiAllowance {
  return {
    minutes: config.WIFI_SESSION_MINUTES,
    uploadRate: config.WIFI_UPLOAD_RATE_KBPS,
    downloadRate: config.WIFI_DOWNLOAD_RATE_KBPS,
    uploadQuota: config.WIFI_UPLOAD_QUOTA_KB,
    downloadQuota: config.WIFI_DOWNLOAD_QUOTA_KB,
  }
}

/** The allowance of a user's level, at the moment of the grant. */
export function levelAllowance(config: Config, grant: LevelGrant): WifiAllowance {
  const base = defaultAllowance(config)
  return {
    ...base,
    minutes: grant.sessionMinutes,
    downloadQuota: grant.dataQuotaMb > 0 ? grant.dataQuotaMb * 1000 : base.downloadQuota,
  }
}

/** openNDS's `ndsctl auth` arguments after the rhid: minutes, rates, quotas, custom. */
export function grantLine(rhid: string, allowance: WifiAllowance, custom: string): string {
  const { minutes, uploadRate, downloadRate, uploadQuota, downloadQuota } = allowance
  return `${rhid} ${minutes} ${uploadRate} ${downloadRate} ${uploadQuota} ${downloadQuota} ${custom}`
}
