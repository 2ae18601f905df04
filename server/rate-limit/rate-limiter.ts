import { sql } from 'kysely'
import type { AppDatabase } from '../db/database'
import { AppError } from '../http/app-error'

export interface RateLimit {
  /** What is limited, e.g. `signin:ip`; the subject (an IP or e-mail) is appended. */
  name: string
  max: number
}

/**
 * Fixed-window counters kept in the database, so every instance counts against the same limit.
 * One upsert per check; old windows are swept now and then.
 */
export class RateLimiter {
  private checksSinceSweep = 0

  constructor(
    private readonly database: AppDatabase,
    private readonly windowMs: number,
    private readonly enabled: boolean,
    private readonly now: () => number,
  ) {}

  /** Counts one hit; throws 429 `over_request_rate_limit` with Retry-After once over the limit. */
  async hit(limit: RateLimit, subject: string): Promise<void> {
    if (!this.enabled) return
    const now = this.now()
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs
    const row = await this.database.db
      .insertInto('rate_limits')
      .values({ key: `${limit.name}:${subject}`, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
          window_start: sql`excluded.window_start`,
        }),
      )
      .returning(['hits'])
      .executeTakeFirstOrThrow()
    await this.maybeSweep(windowStart)
    if (row.hits > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000))
      throw new AppError(
        429,
        'over_request_rate_limit',
        'Too many requests. Please wait a moment and try again.',
        undefined,
        undefined,
        { 'Retry-After': String(retryAfter) },
      )
    }
  }

  private async maybeSweep(currentWindowStart: number) {
    this.checksSinceSweep += 1
    if (this.checksSinceSweep < 1000) return
    this.checksSinceSweep = 0
    await this.database.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', currentWindowStart)
      .execute()
  }
}
