import type { FastifyBaseLogger } from 'fastify'
import { decodeJwt } from 'jose'
import type { SessionTokens } from '../auth/auth-service'
import { sessionIsActive } from '../auth/sessions.repository'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import { LiveHub } from './live-hub'

/** The live hub of one app instance, checking tokens and sessions exactly as HTTP requests do. */
export function createLiveHub(deps: {
  config: Config
  database: AppDatabase
  tokens: SessionTokens
  now: () => number
  log: FastifyBaseLogger
}): LiveHub {
  const { config, database, tokens } = deps
  return new LiveHub({
    maxConnectionsPerIp: config.LIVE_MAX_CONNECTIONS_PER_IP,
    heartbeatMs: config.LIVE_HEARTBEAT_S * 1000,
    fanOutMaxWaitMs: config.LIVE_FANOUT_MAX_WAIT_MS,
    now: deps.now,
    log: deps.log,
    async authenticate(token) {
      const user = await tokens.authenticate(`Bearer ${token}`)
      // Verified just above; read again only for its expiry, which HTTP requests don't need.
      const { exp = 0 } = decodeJwt(token)
      return { userId: user.id, sessionId: user.sessionId, expiresAtMs: exp * 1000 }
    },
    sessionIsActive: (session) => sessionIsActive(database.db, session.sessionId, session.userId),
  })
}
