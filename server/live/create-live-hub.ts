import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { UplinkAddresses } from '../config/uplink-addresses'
import { LiveHub } from './live-hub'
import type { LiveSources } from './live-sources'

/** The live hub of one app instance, checking tokens and sessions through the app's sources. */
export function createLiveHub(deps: {
  config: Config
  sources: LiveSources
  uplinks: UplinkAddresses
  now: () => number
  log: FastifyBaseLogger
  /** After each fan-out pass (the operators' metrics). */
  onFanOutPass?: (pass: { lagMs: number; durationMs: number; messages: number }) => void
}): LiveHub {
  const { config, sources, uplinks } = deps
  return new LiveHub({
    maxConnectionsFor: (ip) =>
      uplinks.budget(ip, {
        perAddress: config.LIVE_MAX_CONNECTIONS_PER_IP,
        perUplink: config.LIVE_MAX_CONNECTIONS_PER_UPLINK,
      }),
    maxConnectionsPerAccount: config.LIVE_MAX_CONNECTIONS_PER_ACCOUNT,
    countsAgainstAccountOnly: async (ip, userId) =>
      uplinks.isUplink(ip) && (await sources.isKnownGuest(userId)),
    heartbeatMs: config.LIVE_HEARTBEAT_S * 1000,
    fanOutMaxWaitMs: config.LIVE_FANOUT_MAX_WAIT_MS,
    now: deps.now,
    log: deps.log,
    authenticate: sources.authenticate,
    sessionIsActive: sources.sessionIsActive,
    hiddenFor: sources.hiddenFor,
    onFanOutPass: deps.onFanOutPass,
  })
}
