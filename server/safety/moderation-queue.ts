import type { QueueItem } from '../../shared/safety/safety-responses.schema'
import type { OwnVibe } from '../../shared/vibes/vibe.schema'
import type { VibeReportsTable } from '../db/schema'

type OpenReport = Pick<VibeReportsTable, 'vibe_id' | 'reason' | 'note' | 'created_at'>

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The moderators' queue from the open reports (newest first) and the vibes they and the hidden
 * ones are about: hidden vibes first, then the most reported, then the most recently reported.
 * Removed vibes are done with; reporters are never named.
 */
export function queueItems(
  reports: readonly OpenReport[],
  ids: readonly string[],
  vibes: ReadonlyMap<string, OwnVibe>,
  /** Authors suspended now: user id to the suspension's end (ms). */
  suspended: ReadonlyMap<string, number>,
): QueueItem[] {
  const byVibe = new Map<string, OpenReport[]>()
  for (const report of reports) {
    const open = byVibe.get(report.vibe_id)
    if (open) open.push(report)
    else byVibe.set(report.vibe_id, [report])
  }
  const items: QueueItem[] = []
  for (const id of ids) {
    const vibe = vibes.get(id)
    if (!vibe || vibe.moderation.state === 'removed') continue
    const open = byVibe.get(id) ?? []
    const reasons: QueueItem['reasons'] = {}
    for (const report of open) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1
    const times = open.map((report) => Number(report.created_at))
    items.push({
      vibe,
      openReports: open.length,
      reasons,
      reports: open.map((report) => ({
        reason: report.reason,
        note: report.note,
        at: iso(Number(report.created_at)),
      })),
      firstReportedAt: times.length ? iso(Math.min(...times)) : null,
      lastReportedAt: times.length ? iso(Math.max(...times)) : null,
      authorSuspendedUntil: suspended.has(vibe.userId) ? iso(suspended.get(vibe.userId)!) : null,
    })
  }
  const hiddenFirst = (item: QueueItem) => (item.vibe.moderation.state === 'hidden' ? 0 : 1)
  return items.sort(
    (a, b) =>
      hiddenFirst(a) - hiddenFirst(b) ||
      b.openReports - a.openReports ||
      (b.lastReportedAt ?? '').localeCompare(a.lastReportedAt ?? ''),
  )
}
