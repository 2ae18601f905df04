import { offsetFromTable, offsetTableFor } from '../time/offset-tables'

/** How the organiser's clock works: the festival's zone and the hour a festival day begins. */
export interface FestivalClock {
  timeZone: string
  /** Sets starting before this local hour belong to the previous festival day (0 = midnight). */
  dayChangeHour: number
}

export interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

// Building a DateTimeFormat is slow; one per zone is reused for every set.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * The wall-clock date and time of an instant in a time zone, DST included: from the server's
 * offset table when one is registered for the zone (the browser, `offset-tables.ts`), else by ICU.
 */
export function zonedParts(instant: string | number | Date, timeZone: string): ZonedParts {
  const table = offsetTableFor(timeZone)
  if (table) {
    const at = new Date(instant).getTime()
    const minutes = offsetFromTable(table, at)
    if (minutes !== undefined) {
      const wall = new Date(at + minutes * 60_000)
      return {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      }
    }
  }
  return zonedPartsByIcu(instant, timeZone)
}

/** `zonedParts` as ICU gives it (the server's, and the browser's for a zone without a table). */
export function zonedPartsByIcu(instant: string | number | Date, timeZone: string): ZonedParts {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant))
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value)
  return {
    year: read('year'),
    month: read('month'),
    day: read('day'),
    hour: read('hour'),
    minute: read('minute'),
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** YYYY-MM-DD for a calendar date given by its parts. */
export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** The calendar day before a YYYY-MM-DD date. */
export function previousDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const previous = new Date(Date.UTC(year, month - 1, day - 1))
  return isoDate(previous.getUTCFullYear(), previous.getUTCMonth() + 1, previous.getUTCDate())
}

/**
 * The festival day a set starting at `start` belongs to: its local date in the festival's zone,
 * or the day before when it starts before the day-change hour (a 01:30 Saturday set is Friday's).
 */
export function festivalDayOf(start: string | number | Date, clock: FestivalClock): string {
  const local = zonedParts(start, clock.timeZone)
  const date = isoDate(local.year, local.month, local.day)
  return local.hour < clock.dayChangeHour ? previousDate(date) : date
}

/**
 * The festival day a lineup opens on: today's (by `festivalDayOf`) while the festival is on, the
 * first day before it and after it. A day off in the middle opens on the next day with sets.
 */
export function defaultFestivalDay(days: readonly string[], today: string): string | undefined {
  const last = days.at(-1)
  if (last === undefined || today > last) return days[0]
  return days.find((day) => day >= today)
}
