/**
 * What changed, by identifier only: listeners read the current row themselves. On PostgreSQL the
 * same events travel between instances as NOTIFY payloads, which are size-limited.
 */
export type ChangeEvent =
  | { type: 'vibe'; op: 'insert' | 'update' | 'delete'; id: string; userId: string }
  | { type: 'user-count' }
  /** A session was deleted (signed out or revoked); sent by a database trigger on PostgreSQL. */
  | { type: 'session-ended'; id: string }
  /** A user's game changed (points, a level, badges unlocked): only their devices hear of it. */
  | {
      type: 'game'
      userId: string
      level: number
      unlocked: Array<{ id: string; name: string }>
    }
  /**
   * A block between two people was made or lifted (either way): caches of who hides whom drop
   * both, and their open apps resync their feeds.
   */
  | { type: 'block'; blockerId: string; blockedId: string }
  /** Not a change: events may have been lost (the bus reconnected), so clients should resync. */
  | { type: 'resync' }

export type ChangeListener = (event: ChangeEvent) => void

export interface ChangeBus {
  /** Publishes after the change has committed. */
  publish(event: ChangeEvent): Promise<void>
  subscribe(listener: ChangeListener): () => void
  /**
   * True while every change published anywhere reaches this instance's subscribers. False while
   * the PostgreSQL listener is down: caches that rely on hearing changes must not be trusted.
   */
  readonly delivering: boolean
  close(): Promise<void>
}

/** The embedded (single-process) bus: listeners are called on the next tick, in order. */
export class InProcessChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>()
  readonly delivering = true

  async publish(event: ChangeEvent): Promise<void> {
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(event)
    })
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }
}
