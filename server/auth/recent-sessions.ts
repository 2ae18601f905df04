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
  private readonly bySession = new Map<string, { userId: string; untilMs: number }>()
  // Bumped by every forget: a check that started under an older generation is not remembered.
  private generation = 0
  private readonly ttlMs: number

  constructor(private readonly options: RecentSessionsOptions) {
    this.ttlMs = options.ttlMs ?? RECENT_SESSION_TTL_MS
  }

  get size(): number {
    return this.bySession.size
  }

  /** True when the session was found active recently and nothing has ended it since. */
  has(sessionId: string, userId: string): boolean {
    const hit = this.bySession.get(sessionId)
    if (!hit || hit.userId !== userId) return false
    if (this.options.now() >= hit.untilMs || !this.options.hearsEveryEnd()) {
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
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (this.bySession.size >= MAX_REMEMBERED && !this.bySession.has(sessionId)) {
        this.bySession.delete(this.bySession.keys().next().value!)
      }
      this.bySession.set(sessionId, { userId, untilMs: this.options.now() + this.ttlMs })
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
