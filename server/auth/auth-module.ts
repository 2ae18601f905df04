import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { UplinkAddresses } from '../config/uplink-addresses'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import { MailQueue } from '../mail/mail-queue'
import { createMailer } from '../mail/mailer'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { AuthService } from './auth.service'
import { Sessions } from './sessions'
import { loadSigningKey } from './signing-key'

/** Wires the auth service for one app instance. */
export async function createAuthService(options: {
  config: Config
  database: AppDatabase
  changes: ChangeBus
  uplinks: UplinkAddresses
  now: () => number
  log: FastifyBaseLogger
}): Promise<AuthService> {
  const { config, database, changes, uplinks, now, log } = options
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: config.MAIL_OUTBOX_DIR,
    log,
  })
  return new AuthService({
    config,
    database,
    changes,
    uplinks,
    now,
    sessions: new Sessions({ database, changes, now }),
    signingKey: await loadSigningKey(database, config.AUTH_JWT_SECRET, now()),
    mail: new MailQueue(mailer, log),
    limiter: new RateLimiter(
      database,
      config.RATE_LIMIT_WINDOW_S * 1000,
      config.RATE_LIMIT === 'on',
      now,
    ),
  })
}
