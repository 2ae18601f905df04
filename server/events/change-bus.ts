/**
 * What changed, by identifier only: listeners read the current row themselves. On PostgreSQL the
 * same events travel between instances as NOTIFY payloads, which are size-limited.
 */
export type ChangeEvent =
  | { type: 'vibe'; op: 'insert' | 'update' | 'delete'; id: string; userId: string }
  | { type: 'user-count' }
  /** Not a change: events may have been lost (the bus reconnected), so clients should resync. */
  | { type: 'resync' }

export type ChangeListener = (event: ChangeEvent) => void

export interface ChangeBus {
  /** Publishes after the change has committed. */
  publish(event: ChangeEvent): Promise<void>
  subscribe(listener: ChangeListener): () => void
  close(): Promise<void>
}

/** The embedded (single-process) bus: listeners are called on the next tick, in order. */
export class InProcessChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>()

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
