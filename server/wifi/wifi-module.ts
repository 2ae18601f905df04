import type { FastifyBaseLogger } from 'fastify'
import type { AuthService } from '../auth/auth.service'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { PortalService } from './portal.service'
import type { WifiLevels } from './wifi-allowance'
import { loadGateways } from './wifi-gateways'
import { WifiPassService } from './wifi-pass.service'
import { wifiKeys } from './wifi-secrets'

/** The WiFi feature: the gateways' captive portal and the app's WiFi pass (docs/wifi.md). */
export interface WifiFeature {
  portal: PortalService
  pass: WifiPassService
}

/** Wires the WiFi feature for one app instance; a bad WIFI_GATEWAYS_FILE stops the start. */
export function createWifiFeature(options: {
  config: Config
  database: AppDatabase
  auth: AuthService
  levels: WifiLevels
  now: () => number
  log: FastifyBaseLogger
}): WifiFeature {
  const { config, database, auth, levels, now, log } = options
  const gateways = loadGateways(config.WIFI_GATEWAYS_FILE)
  const keys = wifiKeys((purpose) => auth.deriveKey(purpose))
  const limiter = new RateLimiter(
    database,
    config.RATE_LIMIT_WINDOW_S * 1000,
    config.RATE_LIMIT === 'on',
    now,
  )
  const portal = new PortalService({
    database,
    config,
    gateways: new Map(gateways.map((gateway) => [gateway.id, gateway])),
    keys,
    auth,
    limiter,
    levels,
    now,
    log,
  })
  const pass = new WifiPassService({ database, config, gateways, keys, levels, now, log })
  if (gateways.length > 0) log.info({ gateways: gateways.map((g) => g.id) }, 'wifi portal ready')
  return { portal, pass }
}
