import type { Config } from '../config/config'

/** What one grant gives a device: openNDS's session length, rates (kb/s) and quotas (kB). */
export interface WifiAllowance {
  minutes: number
  uploadRate: number
  downloadRate: number
  uploadQuota: number
  downloadQuota: number
}

/** The allowance every account gets (the game raises it per level: issue 19). */
export function defaultAllowance(config: Config): WifiAllowance {
  return {
    minutes: config.WIFI_SESSION_MINUTES,
    uploadRate: config.WIFI_UPLOAD_RATE_KBPS,
    downloadRate: config.WIFI_DOWNLOAD_RATE_KBPS,
    uploadQuota: config.WIFI_UPLOAD_QUOTA_KB,
    downloadQuota: config.WIFI_DOWNLOAD_QUOTA_KB,
  }
}

/** openNDS's `ndsctl auth` arguments after the rhid: minutes, rates, quotas, custom. */
export function grantLine(rhid: string, allowance: WifiAllowance, custom: string): string {
  const { minutes, uploadRate, downloadRate, uploadQuota, downloadQuota } = allowance
  return `${rhid} ${minutes} ${uploadRate} ${downloadRate} ${uploadQuota} ${downloadQuota} ${custom}`
}
