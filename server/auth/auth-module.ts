import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import { createMailer } from '../mail/mailer'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { type AuthDeps, SessionTokens } from './auth-service'
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
  const deps: AuthDeps = {
    config,
    database,
    changes,
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
