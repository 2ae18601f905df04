import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import {
  countHit,
  deleteHits,
  deleteHitsOfSubjects,
  deleteOldWindows,
  findHits,
} from './rate-limits.repository'

export interface RateLimit {
  /** What is limited, e.g. `signin:ip`; the subject (an IP or e-mail) is appended. */
  name: string
  max: number
}

/** One limit and the subject it counts (`subject` is appended to the limit's name). */
export interface LimitHit {
  limit: RateLimit
  subject: string
}

// Old windows are deleted every this many hits.
const SWEEP_EVERY = 1000

/**
 * Fixed-window counters kept in the database, so every instance counts against the same limit
 * (ADR 009). One upsert per hit, through the app's one write path.
 */
export class RateLimiter {
  private hitsSinceSweep = 0

  constructor(
    private readonly database: AppDatabase,
    private readonly windowMs: number,
    private readonly enabled: boolean,
    private readonly now: () => number,
  ) {}

  /** Counts one hit; throws 429 `over_request_rate_limit` with Retry-After once over the limit. */
  async hit(limit: RateLimit, subject: string): Promise<void> {
    if (!this.enabled) return
    const hits = await writeTransaction(this.database, (trx) =>
      this.record(trx, limit.name, subject),
    )
    if (hits > limit.max) throw this.tooManyRequests()
  }

  /** Counts one hit in the caller's transaction without refusing anything; returns the count. */
  async record(trx: WriteHandle, name: string, subject: string): Promise<number> {
    if (!this.enabled) return 0
    const windowStart = this.windowStart()
    this.hitsSinceSweep += 1
    if (this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0
      await deleteOldWindows(trx, windowStart)
    }
    return countHit(trx, `${name}:${subject}`, windowStart)
  }

  /** The hits counted in the current window for each `[name, subject]`, in one read. */
  async counts(keys: Array<[name: string, subject: string]>): Promise<number[]> {
    if (!this.enabled) return keys.map(() => 0)
    const names = keys.map(([name, subject]) => `${name}:${subject}`)
    const hits = await findHits(this.database.db, names, this.windowStart())
    return names.map((name) => hits.get(name) ?? 0)
  }

  /** Forgets a subject's count in the caller's transaction (a success wipes earlier failures). */
  async clear(trx: WriteHandle, name: string, subject: string): Promise<void> {
    if (this.enabled) await deleteHits(trx, `${name}:${subject}`)
  }

  /** Forgets every count about these subjects, in the caller's transaction (a deleted account). */
  async forgetSubjects(trx: WriteHandle, subjects: string[]): Promise<void> {
    await deleteHitsOfSubjects(trx, subjects)
  }

  /** The 429 every limit answers, with the seconds until the window turns. */
  tooManyRequests(): AppError {
    const retryAfter = Math.max(
      1,
      Math.ceil((this.windowStart() + this.windowMs - this.now()) / 1000),
    )
    return new AppError(
      429,
      'over_request_rate_limit',
      'Too many requests. Please wait a moment and try again.',
      undefined,
      undefined,
      { 'Retry-After': String(retryAfter) },
    )
  }

  private windowStart(): number {
    return Math.floor(this.now() / this.windowMs) * this.windowMs
  }
}
