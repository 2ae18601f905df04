import { UserCountSchema } from '../../shared/vibes/vibe.schema'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import { ResponseCache } from '../http/response-cache'
import { readUserCount } from './user-count.repository'

/**
 * The number of people signed up, shown above the feed. The same for everyone until someone signs
 * up: read once and kept as JSON (ADR 010); sign-ups anywhere arrive as `user-count` events.
 */
export class UserCountService {
  private readonly cached: ResponseCache<'all'>
  private readonly stopWatching: () => void

  constructor(
    private readonly deps: { database: AppDatabase; changes: ChangeBus; now: () => number },
  ) {
    this.cached = new ResponseCache(
      UserCountSchema,
      async () => ({ count: await this.current() }),
      deps.now,
    )
    this.stopWatching = deps.changes.subscribe((event) => {
      if (event.type === 'user-count' || event.type === 'resync') this.cached.invalidate()
    })
  }

  /** `{ count }` as JSON text. */
  json(): Promise<string> {
    return this.cached.get('all')
  }

  /** The count as it is in the database now (the live channel's relay reads it once per event). */
  current(): Promise<number> {
    return readUserCount(this.deps.database.db)
  }

  close(): void {
    this.stopWatching()
  }
}
