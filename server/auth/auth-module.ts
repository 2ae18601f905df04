import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import { createMailer } from '../mail/mailer'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { type AuthDeps, SessionTokens } from './auth-service'
import { RecentSessions } from './recent-sessions'
import { loadSigningKey } from './signing-key'

/** Wires the auth services for one app instance. */
export async function createAuthModule(options: {
  config: Config
  database: AppDatabase
  changes: ChangeBus
  now: () => number
  log: FastifyBaseLogger
}) {
  const { config, database, changes, now, log } = options
  const recentSessions = new RecentSessions({ now, hearsEveryEnd: () => changes.delivering })
  // Sessions ended on other instances (PostgreSQL's trigger), and "you may have missed some".
  changes.subscribe((event) => {
    if (event.type === 'session-ended') recentSessions.forget([event.id])
    if (event.type === 'resync') recentSessions.forgetAll()
  })
  const deps: AuthDeps = {
    config,
    database,
    changes,
    recentSessions,
    now,
    signingKey: await loadSigningKey(database, config.AUTH_JWT_SECRET, now()),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.MAIL_OUTBOX_DIR,
      log,
    }),
    limiter: new RateLimiter(
      database,
      config.RATE_LIMIT_WINDOW_S * 1000,
      config.RATE_LIMIT === 'on',
      now,
    ),
  }
  return { deps, tokens: new SessionTokens(deps) }
}
