import type { AppDatabase } from '../db/database'
import { ShortLivedMemo } from '../http/short-lived-memo'
import { findLineupEtag, findLineupSnapshot } from './lineup.repository'
import type { LineupSnapshot } from './lineup-snapshot'

/**
 * How stale the ETag a 304 is decided on may be. This instance's own lineup writes drop it at
 * once; another writer's (another instance, `lineup:import`) reach every instance within this.
 */
export const LINEUP_ETAG_MAX_AGE_MS = 1000
const STAGES_MAX_AGE_MS = 60_000

/** The lineup being served: its ETag (remembered briefly, ADR 014) and the whole snapshot. */
export class LineupService {
  // Most requests are an unchanged lineup's 304: one ETag read per second, not one each.
  private readonly etag: ShortLivedMemo<void, string | undefined>
  // The game checks stage codes against the stages: read at most once a minute.
  private readonly stageNames: ShortLivedMemo<void, string[]>

  constructor(private readonly deps: { database: AppDatabase; now: () => number }) {
    this.etag = new ShortLivedMemo(
      () => findLineupEtag(deps.database),
      deps.now,
      LINEUP_ETAG_MAX_AGE_MS,
    )
    this.stageNames = new ShortLivedMemo(
      async () => {
        const snapshot = await findLineupSnapshot(deps.database)
        return [...new Set(snapshot?.items.map((item) => item.stage) ?? [])].sort()
      },
      deps.now,
      STAGES_MAX_AGE_MS,
    )
  }

  /** The stages of the lineup being served, sorted; none before a lineup is stored. */
  stages(): Promise<string[]> {
    return this.stageNames.get()
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
    this.stageNames.invalidate()
  }
}
