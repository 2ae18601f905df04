import { zonedPartsByIcu } from '../lineup/festival-day'

/**
 * A time zone's UTC offsets over a window of time, as the server's ICU knows them: the browser
 * turns instants into the festival's wall-clock time with this table and plain arithmetic instead
 * of an `Intl.DateTimeFormat` for the zone, whose first use loads ICU's zone data (65 ms of a
 * start's main thread on the shared machines unthrottled, ~260 ms on Lighthouse's phone).
 */
export interface ZoneOffsets {
  timeZone: string
  /** The table holds for instants from `from` (epoch ms) up to, not including, `until`. */
  from: number
  until: number
  /** Offsets in minutes east of UTC, each from its instant `at` to the next; the first at `from`. */
  changes: { at: number; minutes: number }[]
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The zone's offset at an instant, in minutes, by ICU (the server's `Intl`). */
function offsetByIcu(at: number, timeZone: string): number {
  const local = zonedPartsByIcu(at, timeZone)
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute)
  return Math.round((wall - Math.floor(at / MINUTE) * MINUTE) / MINUTE)
}

/**
 * The zone's offsets from `from` to `until` (epoch ms). Offsets are read once a day and each
 * change is narrowed to its minute by bisection; zones change offset at most a few times a year,
 * never twice in a day.
 */
export function zoneOffsets(timeZone: string, from: number, until: number): ZoneOffsets {
  const offsetAt = (at: number) => offsetByIcu(at, timeZone)
  const changes = [{ at: from, minutes: offsetAt(from) }]
  for (let dayStart = from; dayStart < until; dayStart += DAY) {
    const dayEnd = Math.min(dayStart + DAY, until)
    const before = changes.at(-1)!.minutes
    const after = offsetAt(dayEnd - MINUTE)
    if (after === before) continue
    // The change is in (low, high]: the last minute with the old offset, the first with the new.
    let low = dayStart
    let high = dayEnd - MINUTE
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
      if (offsetAt(middle) === before) low = middle
      else high = middle
    }
    changes.push({ at: high, minutes: after })
  }
  return { timeZone, from, until, changes }
}
