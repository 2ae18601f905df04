import type { FestivalClock } from '../../shared/lineup/festival-day'
import { type AppDatabase, writeTransaction } from '../db/database'
import { saveLineup } from './lineup.repository'
import { parseLineupFile } from './lineup-file'
import { LINEUP_MAX_BYTES } from './lineup-limits'
import { describeProblem } from './lineup-problem'
import { readTextWithin, urlForLogs } from './upstream-body'
import { fetchWithinOrigin } from './upstream-fetch'

export interface PollerLog {
  info(context: object, message: string): void
  warn(context: object, message: string): void
}

export interface LineupPollerOptions {
  url: string
  intervalMs: number
  timeoutMs: number
  database: AppDatabase
  clock: FestivalClock
  now: () => number
  log: PollerLog
  /** Called after a poll stored a changed lineup (this instance's caches drop the old one). */
  onChanged?: () => void
}

/** What one poll did; anything but `changed` leaves the stored lineup as it was. */
export type PollOutcome = 'changed' | 'unchanged' | 'not-modified' | 'failed' | 'invalid'

export interface LineupPoller {
  /** Fetches the upstream lineup once and stores it if it is valid and new. */
  pollOnce(): Promise<PollOutcome>
  /** Polls now, then every interval after the previous poll ends (polls never overlap). */
  start(): void
  /** Stops polling and aborts a poll in flight; resolves once nothing is running. */
  stop(): Promise<void>
}

/** Keeps the lineup in step with an upstream JSON lineup, using conditional requests. */
export function createLineupPoller(options: LineupPollerOptions): LineupPoller {
  const { url, database, clock, log } = options
  const context = { upstream: urlForLogs(url) }
  // Validators of the last lineup stored from upstream; a 304 then means "still that one".
  let validators: { etag?: string; lastModified?: string } = {}
  let inFlight: AbortController | undefined
  let running: Promise<unknown> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  async function pollOnce(): Promise<PollOutcome> {
    const controller = new AbortController()
    inFlight = controller
    const timeout = setTimeout(
      () => controller.abort(new Error(`no complete answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    )
    try {
      const headers: Record<string, string> = { Accept: 'application/json' }
      if (validators.etag) headers['If-None-Match'] = validators.etag
      if (validators.lastModified) headers['If-Modified-Since'] = validators.lastModified
      const response = await fetchWithinOrigin(url, { headers, signal: controller.signal })
      if (response.status === 304) return 'not-modified'
      if (!response.ok) {
        await response.body?.cancel()
        log.warn(
          { ...context, status: response.status },
          'lineup upstream failed; kept the last good lineup',
        )
        return 'failed'
      }
      const parsed = parseLineupFile(
        await readTextWithin(response, LINEUP_MAX_BYTES),
        'json',
        clock,
      )
      if (!parsed.ok) {
        const problems = parsed.problems.slice(0, 10).map(describeProblem)
        log.warn(
          { ...context, problemCount: parsed.problems.length, problems },
          'lineup upstream sent an invalid lineup; kept the last good lineup',
        )
        return 'invalid'
      }
      const { changed } = await writeTransaction(database, (trx) =>
        saveLineup(trx, parsed.items, `upstream:${context.upstream}`, options.now()),
      )
      validators = {
        etag: response.headers.get('etag') ?? undefined,
        lastModified: response.headers.get('last-modified') ?? undefined,
      }
      if (changed) options.onChanged?.()
      log.info({ ...context, sets: parsed.items.length, changed }, 'lineup fetched from upstream')
      return changed ? 'changed' : 'unchanged'
    } catch (error) {
      if (stopped) return 'failed'
      // An abort surfaces as a bare AbortError; its reason says why (the timeout).
      const reason = controller.signal.aborted ? controller.signal.reason : error
      log.warn(
        { ...context, reason: reason instanceof Error ? reason.message : String(reason) },
        'lineup upstream poll failed; kept the last good lineup',
      )
      return 'failed'
    } finally {
      clearTimeout(timeout)
      if (inFlight === controller) inFlight = undefined
    }
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      running = pollOnce().finally(() => {
        running = undefined
        if (!stopped) schedule(options.intervalMs)
      })
    }, delayMs)
    // A forgotten poller must not keep the process alive; the app stops it on close anyway.
    timer.unref()
  }

  return {
    pollOnce,
    start: () => schedule(0),
    async stop() {
      stopped = true
      clearTimeout(timer)
      inFlight?.abort(new Error('the app is shutting down'))
      await running
    },
  }
}
