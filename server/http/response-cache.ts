import type { z } from 'zod'

/** Longest a cached answer is served if a change notification were lost. */
export const RESPONSE_CACHE_MAX_AGE_MS = 2000

interface Entry {
  body: string
  builtAt: number
}

/**
 * JSON answers that are the same for every caller until something changes, built once and served
 * as text until `invalidate()` (the owner calls it on its own writes and on change-bus events
 * from other instances) or RESPONSE_CACHE_MAX_AGE_MS, whichever comes first. Misses that arrive
 * together share one build, and a build that began before a change is never kept.
 */
export class ResponseCache<Key> {
  private readonly entries = new Map<Key, Entry>()
  private readonly building = new Map<Key, Promise<string>>()
  private version = 0

  constructor(
    private readonly schema: z.ZodType,
    private readonly load: (key: Key) => Promise<unknown>,
    private readonly now: () => number,
  ) {}

  invalidate(): void {
    this.version += 1
    this.entries.clear()
    this.building.clear()
  }

  /** The answer as JSON text, checked against the response schema when it was built. */
  get(key: Key): Promise<string> {
    const cached = this.entries.get(key)
    if (cached && this.now() - cached.builtAt < RESPONSE_CACHE_MAX_AGE_MS) {
      return Promise.resolve(cached.body)
    }
    let pending = this.building.get(key)
    if (!pending) {
      pending = this.build(key)
      this.building.set(key, pending)
    }
    return pending
  }

  private async build(key: Key): Promise<string> {
    const version = this.version
    const builtAt = this.now()
    try {
      const body = JSON.stringify(this.schema.parse(await this.load(key)))
      if (version === this.version) this.entries.set(key, { body, builtAt })
      return body
    } finally {
      if (version === this.version) this.building.delete(key)
    }
  }
}
