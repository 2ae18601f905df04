import { LRUCache } from 'lru-cache'

/** No one hidden: most people's answer, shared. */
export const NOBODY: ReadonlySet<string> = new Set()

// One entry per person active on this instance; most hold NOBODY, so they cost a key each.
const MAX_REMEMBERED = 100_000
// A backstop only: every block or unblock, anywhere, drops both people's entries at once.
const TTL_MS = 10 * 60_000

export interface HiddenPeopleOptions {
  read(userId: string): Promise<string[]>
  now: () => number
  /** False while this instance may miss other instances' block events: nothing is trusted then. */
  hearsEveryChange: () => boolean
}

/**
 * Whom each person's screens hide (blocked by them or blocking them), remembered per instance:
 * the feed asks on every request (ADR 032). A block event forgets both people; a read that was in
 * flight while anything was forgotten is not remembered, as it may predate the change.
 */
export class HiddenPeople {
  private readonly byUser: LRUCache<string, ReadonlySet<string>>
  private generation = 0

  constructor(private readonly options: HiddenPeopleOptions) {
    this.byUser = new LRUCache({
      max: MAX_REMEMBERED,
      ttl: TTL_MS,
      perf: { now: options.now },
      updateAgeOnGet: false,
    })
  }

  async of(userId: string): Promise<ReadonlySet<string>> {
    const trusted = this.options.hearsEveryChange()
    if (trusted) {
      const known = this.byUser.get(userId)
      if (known) return known
    }
    const generation = this.generation
    const others = await this.options.read(userId)
    const hidden = others.length === 0 ? NOBODY : new Set(others)
    if (trusted && generation === this.generation) this.byUser.set(userId, hidden)
    return hidden
  }

  forget(...userIds: string[]): void {
    this.generation += 1
    for (const userId of userIds) this.byUser.delete(userId)
  }

  forgetAll(): void {
    this.generation += 1
    this.byUser.clear()
  }
}
