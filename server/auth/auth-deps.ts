import type { Config } from '../config/config'
import type { UplinkAddresses } from '../config/uplink-addresses'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import type { MailQueue } from '../mail/mail-queue'
import type { LimitHit, RateLimiter } from '../rate-limit/rate-limiter'
import type { Sessions } from './sessions'

/** What the auth use cases need, built once per app instance by `createAuthModule`. */
export interface AuthDeps {
  database: AppDatabase
  config: Config
  signingKey: Uint8Array
  /** Mail work done off the request path (links, codes). */
  mail: MailQueue
  limiter: RateLimiter
  /** Addresses many people share, whose per-address limits are the crowd's (ADR 026). */
  uplinks: UplinkAddresses
  changes: ChangeBus
  /** Where sessions start, end and are checked: the only place (issue 16). */
  sessions: Sessions
  now: () => number
}

export interface RequestMeta {
  ip: string
  userAgent: string | undefined
  /** The site's origin: PUBLIC_URL, or the address the server listens on (never a request header). */
  siteUrl: string
  /**
   * Limits of the caller's own that a sign-in or sign-up also counts against, after the client
   * address's: the WiFi portal's per-gateway budget, which a client its address refused must not
   * spend.
   */
  alsoCounts?: readonly LimitHit[]
}

/** The signed-in caller, as every data endpoint sees it. */
export interface AuthUser {
  id: string
  email: string
  sessionId: string
}
