import { type FeedPage, FeedPageSchema } from '../../shared/vibes/vibe.schema'

/** Longest a cached first page is served if a change notification were lost. */
export const FIRST_PAGE_MAX_AGE_MS = 2000

interface Entry {
  body: string
  builtAt: number
}

/**
 * The first feed page, serialized once and served until a vibe changes. Every client asks for it
 * when the app opens and again after every reconnect, so at festival scale it is the hottest
 * read there is, and it only changes when a vibe does. Each change (this instance's writes
 * directly, other instances' through the change bus) drops it, and it never outlives
 * FIRST_PAGE_MAX_AGE_MS. A page whose read began before a change is never kept.
 */
export class FirstPageCache {
  private readonly pages = new Map<number, Entry>()
  private readonly building = new Map<number, Promise<string>>()
  private version = 0

  constructor(
    private readonly load: (limit: number) => Promise<FeedPage>,
    private readonly now: () => number,
  ) {}

  invalidate(): void {
    this.version += 1
    this.pages.clear()
    this.building.clear()
  }

  /** The page as JSON text, checked against the response schema when it was built. */
  get(limit: number): Promise<string> {
    const cached = this.pages.get(limit)
    if (cached && this.now() - cached.builtAt < FIRST_PAGE_MAX_AGE_MS)
      return Promise.resolve(cached.body)
    // Requests that miss together share one read.
    let pending = this.building.get(limit)
    if (!pending) {
      pending = this.build(limit)
      this.building.set(limit, pending)
    }
    return pending
  }

  private async build(limit: number): Promise<string> {
    const version = this.version
    const builtAt = this.now()
    try {
      const body = JSON.stringify(FeedPageSchema.parse(await this.load(limit)))
      if (version === this.version) this.pages.set(limit, { body, builtAt })
      return body
    } finally {
      if (version === this.version) this.building.delete(limit)
    }
  }
}
