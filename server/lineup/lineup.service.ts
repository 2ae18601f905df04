import type { FastifyBaseLogger } from 'fastify'
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

/** Told the new ETag when the lineup being served changed. */
export type LineupChangeListener = (etag: string) => void

/**
 * The lineup being served: its ETag (remembered briefly, ADR 014) and the whole snapshot. It also
 * watches for changes made anywhere (this instance's poller, another instance, `lineup:import`)
 * and tells its listeners: open apps refetch, starred sets' changes are pushed.
 */
export class LineupService {
  private readonly listeners = new Set<LineupChangeListener>()
  /** The ETag last seen by the watcher; null before its first look. */
  private watchedEtag: string | undefined | null = null
  private watchTimer: ReturnType<typeof setInterval> | undefined
  private watching: Promise<void> = Promise.resolve()
  private lastSnapshot: LineupSnapshot | undefined
  // Most requests are an unchanged lineup's 304: one ETag read per second, not one each.
  private readonly etag: ShortLivedMemo<void, string | undefined>
  // The game checks stage codes against the stages: read at most once a minute.
  private readonly stageNames: ShortLivedMemo<void, string[]>

  constructor(
    private readonly deps: { database: AppDatabase; now: () => number; log?: FastifyBaseLogger },
  ) {
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

  /**
   * The whole lineup, read together with its ETag; undefined before any was stored. While the
   * stored ETag is the last snapshot's, that snapshot (parsed, its set keys worked out) is handed
   * out again: a star, a schedule or a calendar reads one short column, not the document.
   */
  async current(): Promise<LineupSnapshot | undefined> {
    const last = this.lastSnapshot
    if (last && (await findLineupEtag(this.deps.database)) === last.etag) return last
    const snapshot = await findLineupSnapshot(this.deps.database)
    this.lastSnapshot = snapshot
    return snapshot
  }

  /** This instance stored a new lineup: forget the remembered ETag now, and tell the listeners. */
  changed(): void {
    this.etag.invalidate()
    this.stageNames.invalidate()
    void this.look()
  }

  onChange(listener: LineupChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Looks for a changed lineup every `intervalMs` (one primary-key read of the ETag). */
  startWatching(intervalMs: number): void {
    void this.look()
    this.watchTimer = setInterval(() => void this.look(), intervalMs)
    this.watchTimer.unref()
  }

  async stopWatching(): Promise<void> {
    clearInterval(this.watchTimer)
    this.listeners.clear()
    await this.watching
  }

  /** One look at the stored ETag; looks never overlap, so each change is told once. */
  private look(): Promise<void> {
    this.watching = this.watching.then(async () => {
      try {
        const etag = await findLineupEtag(this.deps.database)
        const before = this.watchedEtag
        this.watchedEtag = etag
        if (before === null || etag === undefined || etag === before) return
        this.etag.invalidate()
        this.stageNames.invalidate()
        for (const listener of this.listeners) listener(etag)
      } catch (error) {
        this.deps.log?.warn({ err: error }, 'could not look whether the lineup changed')
      }
    })
    return this.watching
  }
}
