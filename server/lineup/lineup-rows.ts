import { type FestivalClock, festivalDayOf } from '../../shared/lineup/festival-day'
import {
  LINEUP_MAX_SETS,
  type LineupFileRow,
  LineupFileRowSchema,
  type LineupItem,
} from '../../shared/lineup/lineup.schema'
import { formatClockTime } from '../../shared/lineup/lineup-format'
import { sortLineup } from '../../shared/lineup/lineup-grouping'
import type { LineupFileRowAt, LineupProblem } from './lineup-problem'

export type LineupOrProblems =
  | { ok: true; items: LineupItem[] }
  | { ok: false; problems: LineupProblem[] }

/**
 * Validates every row and reports every problem with its line, so an organiser fixes the whole
 * file in one pass. The lineup comes back in its canonical order (see `sortLineup`).
 */
export function validateLineupRows(
  rows: readonly LineupFileRowAt[],
  clock: FestivalClock,
): LineupOrProblems {
  if (rows.length === 0) return { ok: false, problems: [{ line: 1, message: 'no sets listed' }] }
  if (rows.length > LINEUP_MAX_SETS) {
    const message = `${rows.length} sets listed; at most ${LINEUP_MAX_SETS} are accepted`
    return { ok: false, problems: [{ line: 1, message }] }
  }
  const problems: LineupProblem[] = []
  const items: LineupItem[] = []
  const firstLineOfSet = new Map<string, number>()
  const firstLineOfId = new Map<string, number>()
  for (const { line, value } of rows) {
    const parsed = LineupFileRowSchema.safeParse(value)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.')
        const message = field === '' ? 'must be an object with name, stage and date' : issue.message
        problems.push({ line, message: field ? `${field}: ${message}` : message })
      }
      continue
    }
    const item = toItem(parsed.data, clock)
    if (typeof item === 'string') {
      problems.push({ line, message: item })
      continue
    }
    const key = JSON.stringify([item.name, item.stage, item.date, item.start])
    const first = firstLineOfSet.get(key)
    if (first !== undefined) {
      problems.push({ line, message: `repeats the set on line ${first}` })
      continue
    }
    firstLineOfSet.set(key, line)
    if (item.id !== undefined) {
      const sameId = firstLineOfId.get(item.id)
      if (sameId !== undefined) {
        problems.push({ line, message: `id: "${item.id}" is the id of the set on line ${sameId}` })
        continue
      }
      firstLineOfId.set(item.id, line)
    }
    items.push(item)
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, items: sortLineup(items) }
}

/** The lineup item for a valid row, or why its date and start time disagree. */
function toItem(row: LineupFileRow, clock: FestivalClock): LineupItem | string {
  const start = row.start === undefined ? undefined : canonicalInstant(row.start)
  const end = row.end === undefined ? undefined : canonicalInstant(row.end)
  const dayOfStart = start === undefined ? undefined : festivalDayOf(start, clock)
  if (row.date !== undefined && dayOfStart !== undefined && row.date !== dayOfStart) {
    return (
      `date: ${row.date} does not match the start, ${formatClockTime(start!, clock.timeZone)} ` +
      `in ${clock.timeZone}, which is on festival day ${dayOfStart} ` +
      `(days change at ${String(clock.dayChangeHour).padStart(2, '0')}:00)`
    )
  }
  // Keys in one fixed order and absent (not undefined) when empty: the stored JSON is canonical.
  const item: LineupItem = { name: row.name, stage: row.stage, date: (row.date ?? dayOfStart)! }
  if (start !== undefined) item.start = start
  if (end !== undefined) item.end = end
  if (row.id !== undefined) item.id = row.id
  return item
}

/** "2026-07-10T20:30:00Z" for any spelling of that instant (with or without seconds or ms). */
function canonicalInstant(instant: string): string {
  return new Date(instant).toISOString().replace('.000Z', 'Z')
}
