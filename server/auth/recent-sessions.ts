import { LRUCache } from 'lru-cache'

/** How long a session found active is trusted without reading it again (ADR 015). */
export const RECENT_SESSION_TTL_MS = 60_000
// One small entry per signed-in client active within the TTL; the bound caps what a flood of
// distinct valid sessions could pin.
const MAX_REMEMBERED = 50_000

export interface RecentSessionsOptions {
  now: () => number
  /**
   * False while this instance may be missing other instances' "session ended" notifications
   * (the PostgreSQL listener is down): nothing is trusted or remembered then.
   */
  hearsEveryEnd: () => boolean
  ttlMs?: number
}

/**
 * Sessions this instance found active in the last minute, so the data API need not read the
 * session row on every request (ADR 015). A deletion forgets the session here right after its
 * commit and, on PostgreSQL, on every other instance when the trigger's notification arrives.
 * A read that was in flight while anything was forgotten is not remembered: it may have seen
 * the row before the deletion committed.
 */
export class RecentSessions {
  // Session id → user id, each trusted for the TTL, the least recently used dropped past the bound.
  private readonly bySession: LRUCache<string, string>
  // Bumped by every forget: a check that started under an older generation is not remembered.
  private generation = 0

  constructor(private readonly options: RecentSessionsOptions) {
    this.bySession = new LRUCache({
      max: MAX_REMEMBERED,
      // lru-cache keeps an entry until its age exceeds the ttl; ours ends when the TTL is reached.
      ttl: (options.ttlMs ?? RECENT_SESSION_TTL_MS) - 1,
      // The app's clock, so tests can move time; read once per check, not per entry.
      perf: { now: options.now },
      ttlResolution: 0,
      updateAgeOnGet: false,
    })
  }

  get size(): number {
    return this.bySession.size
  }

  /** True when the session was found active recently and nothing has ended it since. */
  has(sessionId: string, userId: string): boolean {
    if (this.bySession.get(sessionId) !== userId) return false
    if (!this.options.hearsEveryEnd()) {
      this.bySession.delete(sessionId)
      return false
    }
    return true
  }

  /**
   * Call before reading the session; call what it returns once the read found it active. It
   * remembers the session only if nothing was forgotten in between.
   */
  beginCheck(): (sessionId: string, userId: string) => void {
    const startedIn = this.generation
    return (sessionId, userId) => {
      if (startedIn !== this.generation || !this.options.hearsEveryEnd()) return
      this.bySession.set(sessionId, userId)
    }
  }

  /** The sessions were deleted (committed): the next request on them reads the database. */
  forget(sessionIds: Iterable<string>): void {
    this.generation += 1
    for (const id of sessionIds) this.bySession.delete(id)
  }

  /** Deletions may have been missed (the listener reconnected): trust nothing remembered. */
  forgetAll(): void {
    this.generation += 1
    this.bySession.clear()
  }
}
