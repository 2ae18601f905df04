import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { type SetSpan, setSpan } from '../../../shared/lineup/set-span'
import { compareNames } from '../../../shared/text/compare-names'

/** The timetable's resolution: a row per five minutes, as changeovers are rarely finer. */
export const SLOT_MINUTES = 5
const SLOT_MS = SLOT_MINUTES * 60_000
const HOUR_MS = 60 * 60_000

export interface TimetableBlock<Set> {
  set: Set
  /** The stage's column, from 0. */
  column: number
  /** The first row the set covers and the row after its last, from 0. */
  fromRow: number
  toRow: number
}

export interface TimetableLayout<Set> {
  stages: string[]
  /** The instant of row 0: the festival-clock hour at or before the first set. */
  start: number
  rows: number
  /** Each full hour on the festival clock, and its row. */
  hours: { at: number; row: number }[]
  blocks: TimetableBlock<Set>[]
  /** Sets without a start time, which have no place on the grid. */
  untimed: Set[]
}

/**
 * Places a day's sets on a Clashfinder-style grid: a column per stage (alphabetical, as 'By
 * Stage'), time running down in five-minute rows, each set a block as long as it lasts.
 * `minuteOfHour` tells the festival clock's minute of an instant, so the rows start on a full
 * hour there even in a zone whose offset is not whole hours.
 */
export function timetableLayout<Set extends LineupItem>(
  sets: readonly Set[],
  minuteOfHour: (instant: number) => number,
): TimetableLayout<Set> {
  const timed: { set: Set; span: SetSpan }[] = []
  const untimed: Set[] = []
  for (const set of sets) {
    const span = setSpan(set)
    if (span) timed.push({ set, span })
    else untimed.push(set)
  }
  const stages = [...new Set(timed.map(({ set }) => set.stage))].sort(compareNames)
  if (timed.length === 0) return { stages, start: 0, rows: 0, hours: [], blocks: [], untimed }

  const first = Math.min(...timed.map(({ span }) => span.start))
  const last = Math.max(...timed.map(({ span }) => span.end))
  const firstMinute = first - (first % 60_000)
  const start = firstMinute - minuteOfHour(firstMinute) * 60_000
  const rows = Math.ceil((last - start) / SLOT_MS)
  const hours: { at: number; row: number }[] = []
  for (let at = start; at < last; at += HOUR_MS) hours.push({ at, row: (at - start) / SLOT_MS })
  const column = new Map(stages.map((stage, index) => [stage, index]))
  const blocks = timed.map(({ set, span }) => {
    const fromRow = Math.floor((span.start - start) / SLOT_MS)
    const toRow = Math.max(fromRow + 1, Math.ceil((span.end - start) / SLOT_MS))
    return { set, column: column.get(set.stage)!, fromRow, toRow }
  })
  return { stages, start, rows, hours, blocks, untimed }
}

/** The row of an instant on the grid, or undefined when it falls outside it. */
export function rowAt(layout: TimetableLayout<unknown>, instant: number): number | undefined {
  const row = Math.floor((instant - layout.start) / SLOT_MS)
  return row >= 0 && row < layout.rows ? row : undefined
}
