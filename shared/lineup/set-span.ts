import type { LineupItem } from './lineup.schema'

/**
 * How long a set with a start but no end is taken to last, wherever a length is needed (the
 * timetable's blocks, what is on now, clashes). Organisers leave the end out of a headliner's
 * or a DJ's set more often than not; an hour reads right on a timetable and errs short.
 */
export const ASSUMED_SET_MINUTES = 60

const MINUTE_MS = 60_000

/** A set's start and end in epoch milliseconds. */
export interface SetSpan {
  start: number
  end: number
}

/** When a set runs; undefined for a set without a start time (it cannot be placed in time). */
export function setSpan(set: Pick<LineupItem, 'start' | 'end'>): SetSpan | undefined {
  if (set.start === undefined) return undefined
  const start = Date.parse(set.start)
  const end = set.end === undefined ? start + ASSUMED_SET_MINUTES * MINUTE_MS : Date.parse(set.end)
  return { start, end }
}

/** Whole minutes from `from` to `to`, rounded up: a set ending in 10 s has 1 min left. */
export const minutesBetween = (from: number, to: number): number =>
  Math.ceil((to - from) / MINUTE_MS)

/** "30 min", "1 h", "1 h 15 min": a length of time as a festival-goer reads it. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
