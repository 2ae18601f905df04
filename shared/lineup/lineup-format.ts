import { zonedParts } from './festival-day'
import type { LineupItem } from './lineup.schema'

// Names are built from parts, not from a locale's pattern, so every browser prints exactly the
// same text. The app's one language is English, so the day and month names are written out here
// rather than asked of an Intl formatter: two formatters fewer to build, and no ICU version can
// change them. The test holds them to Intl's English names.
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The weekday and month names of a calendar date. */
function namesOf(year: number, month: number, day: number) {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return { dayName: DAY_NAMES[weekday]!, monthName: MONTH_NAMES[month - 1]! }
}

/**
 * Builds, and uses once, the zone's formatter the lineup needs. The first date formatter loads
 * ICU's date and zone data (~40 ms here, several times that on a phone), partly on its first
 * format rather than when built; a screen calls this in a task of its own so that cost is not
 * added to a render's.
 */
export function prepareLineupFormatting(timeZone: string): void {
  zonedParts(0, timeZone)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** "Friday 10 July" for the festival date 2026-07-10, whatever the device's zone. */
export function formatFestivalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const { dayName, monthName } = namesOf(year, month, day)
  return `${dayName} ${day} ${monthName}`
}

/** "20:30": the wall-clock time of an instant in the festival's zone (24-hour). */
export function formatClockTime(instant: string | number | Date, timeZone: string): string {
  const local = zonedParts(instant, timeZone)
  return `${pad(local.hour)}:${pad(local.minute)}`
}

/** "20:30–22:00", "20:30", or undefined for a set without times. */
export function formatSetTimes(item: LineupItem, timeZone: string): string | undefined {
  if (item.start === undefined) return undefined
  const start = formatClockTime(item.start, timeZone)
  return item.end === undefined ? start : `${start}–${formatClockTime(item.end, timeZone)}`
}

/** "Fri 10 Jul, 14:05": a moment such as the lineup's last change, in the festival's zone. */
export function formatMoment(instant: string | number | Date, timeZone: string): string {
  const local = zonedParts(instant, timeZone)
  const { dayName, monthName } = namesOf(local.year, local.month, local.day)
  return `${dayName.slice(0, 3)} ${local.day} ${monthName.slice(0, 3)}, ${pad(local.hour)}:${pad(local.minute)}`
}
