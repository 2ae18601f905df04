import { describe, expect, it } from 'vitest'
import { offsetFromTable } from './offset-tables'
import { zoneOffsets } from './zone-offsets'

const HOUR = 3_600_000
const from = Date.UTC(2026, 0, 1)
const until = Date.UTC(2028, 0, 1)

/** The wall-clock time ICU gives, the reference the table must match. */
const intlWall = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' })

function wallByTable(at: number, minutes: number): string {
  const wall = new Date(at + minutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}, ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

describe('zoneOffsets', () => {
  // Half-hour DST (Lord Howe), quarter-hour offsets (Kathmandu, Chatham), the southern
  // hemisphere, a zone without DST, and the zones festivals are usually in.
  const zones = [
    'Europe/Amsterdam',
    'Europe/London',
    'America/New_York',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'UTC',
  ]

  it.each(zones)(
    'gives the wall-clock time ICU gives, every 61 minutes for two years: %s',
    (zone) => {
      const table = zoneOffsets(zone, from, until)
      const byIntl = intlWall(zone)
      for (let at = from; at < until; at += 61 * 60_000) {
        expect(wallByTable(at, offsetFromTable(table, at)!), new Date(at).toISOString()).toBe(
          byIntl.format(at),
        )
      }
    },
  )

  it('puts each change on its minute', () => {
    const table = zoneOffsets('Europe/Amsterdam', from, until)
    // Summer time in 2026 starts 29 March 01:00 UTC and ends 25 October 01:00 UTC.
    expect(table.changes).toContainEqual({ at: Date.UTC(2026, 2, 29, 1), minutes: 120 })
    expect(table.changes).toContainEqual({ at: Date.UTC(2026, 9, 25, 1), minutes: 60 })
    expect(offsetFromTable(table, Date.UTC(2026, 2, 29, 1) - 1)).toBe(60)
    expect(offsetFromTable(table, Date.UTC(2026, 2, 29, 1))).toBe(120)
    expect(table.changes).toHaveLength(5)
  })

  it('answers only within its window', () => {
    const table = zoneOffsets('Europe/Amsterdam', from, until)
    expect(offsetFromTable(table, from - 1)).toBeUndefined()
    expect(offsetFromTable(table, until)).toBeUndefined()
    expect(offsetFromTable(table, until - HOUR)).toBe(60)
  })
})
