interface Entry<Value> {
  value: Value
  readAt: number
}

/**
 * Values that are the same for every caller until something changes, read once and reused until
 * `invalidate()` (the owner calls it on its own writes and on change-bus events from other
 * instances) or `maxAgeMs`, whichever comes first. The age bound is what keeps other writers
 * (another instance, a command-line import) from being missed for longer than that. Misses that
 * arrive together share one read, and a read that began before a change is never kept.
 */
export class ShortLivedMemo<Key, Value> {
  private readonly entries = new Map<Key, Entry<Value>>()
  private readonly reading = new Map<Key, Promise<Value>>()
  private version = 0

  constructor(
    private readonly read: (key: Key) => Promise<Value>,
    private readonly now: () => number,
    private readonly maxAgeMs: number,
  ) {}

  invalidate(): void {
    this.version += 1
    this.entries.clear()
    this.reading.clear()
  }

  get(key: Key): Promise<Value> {
    const cached = this.entries.get(key)
    if (cached && this.now() - cached.readAt < this.maxAgeMs) return Promise.resolve(cached.value)
    let pending = this.reading.get(key)
    if (!pending) {
      pending = this.load(key)
      this.reading.set(key, pending)
    }
    return pending
  }

  private async load(key: Key): Promise<Value> {
    const version = this.version
    const readAt = this.now()
    try {
      const value = await this.read(key)
      if (version === this.version) this.entries.set(key, { value, readAt })
      return value
    } finally {
      if (version === this.version) this.reading.delete(key)
    }
  }
}
