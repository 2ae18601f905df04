import { zonedParts } from './festival-day'
import type { LineupItem } from './lineup.schema'

// Names are built from parts, not from a locale's pattern, so every browser and ICU version
// prints exactly the same text. The formatters are built on first use, not at import: building
// one costs a slow phone tens of milliseconds, which the screen should not pay before it shows.
let names: { day: Intl.DateTimeFormat; month: Intl.DateTimeFormat } | undefined
function nameFormatters() {
  names ??= {
    // en-US like the zone's formatter (festival-day.ts): ICU loads each locale's date data once,
    // and the names are the same in every English locale.
    day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' }),
    month: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' }),
  }
  return names
}

/**
 * Builds, and uses once, every formatter the lineup needs for this zone. The first date formatter
 * loads ICU's date and zone data (~40 ms here, several times that on a phone), partly on its first
 * format rather than when built; a screen calls this in a task of its own so that cost is not
 * added to a render's.
 */
export function prepareLineupFormatting(timeZone: string): void {
  zonedParts(0, timeZone)
  formatFestivalDay('2026-01-01')
}

const pad = (value: number) => String(value).padStart(2, '0')

/** "Friday 10 July" for the festival date 2026-07-10, whatever the device's zone. */
export function formatFestivalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  // Noon UTC names the same calendar day in the UTC formatters above.
  const noon = new Date(Date.UTC(year, month - 1, day, 12))
  const { day: dayName, month: monthName } = nameFormatters()
  return `${dayName.format(noon)} ${day} ${monthName.format(noon)}`
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
  const noon = new Date(Date.UTC(local.year, local.month - 1, local.day, 12))
  const { day: dayName, month: monthName } = nameFormatters()
  const weekday = dayName.format(noon).slice(0, 3)
  const month = monthName.format(noon).slice(0, 3)
  return `${weekday} ${local.day} ${month}, ${pad(local.hour)}:${pad(local.minute)}`
}
