import type { AppDatabase } from '../db/database'
import { ShortLivedMemo } from '../http/short-lived-memo'
import { findLineupEtag, findLineupSnapshot } from './lineup.repository'
import type { LineupSnapshot } from './lineup-snapshot'

/**
 * How stale the ETag a 304 is decided on may be. This instance's own lineup writes drop it at
 * once; another writer's (another instance, `lineup:import`) reach every instance within this.
 */
export const LINEUP_ETAG_MAX_AGE_MS = 1000

/** The lineup being served: its ETag (remembered briefly, ADR 014) and the whole snapshot. */
export class LineupService {
  // Most requests are an unchanged lineup's 304: one ETag read per second, not one each.
  private readonly etag: ShortLivedMemo<void, string | undefined>

  constructor(private readonly deps: { database: AppDatabase; now: () => number }) {
    this.etag = new ShortLivedMemo(
      () => findLineupEtag(deps.database),
      deps.now,
      LINEUP_ETAG_MAX_AGE_MS,
    )
  }

  currentEtag(): Promise<string | undefined> {
    return this.etag.get()
  }

  /** The whole lineup, read together with its ETag; undefined before any was stored. */
  current(): Promise<LineupSnapshot | undefined> {
    return findLineupSnapshot(this.deps.database)
  }

  /** This instance stored a new lineup: forget the remembered ETag now. */
  changed(): void {
    this.etag.invalidate()
  }
}
