import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import { LiveHub } from './live-hub'
import type { LiveSources } from './live-sources'

/** The live hub of one app instance, checking tokens and sessions through the app's sources. */
export function createLiveHub(deps: {
  config: Config
  sources: LiveSources
  now: () => number
  log: FastifyBaseLogger
}): LiveHub {
  const { config, sources } = deps
  return new LiveHub({
    maxConnectionsPerIp: config.LIVE_MAX_CONNECTIONS_PER_IP,
    heartbeatMs: config.LIVE_HEARTBEAT_S * 1000,
    fanOutMaxWaitMs: config.LIVE_FANOUT_MAX_WAIT_MS,
    now: deps.now,
    log: deps.log,
    authenticate: sources.authenticate,
    sessionIsActive: sources.sessionIsActive,
  })
}
