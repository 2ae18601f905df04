import { describe, expect, it } from 'vitest'
import { hasOffsetTable, registerOffsetTable } from '../time/offset-tables'
import {
  defaultFestivalDay,
  type FestivalClock,
  festivalDayOf,
  previousDate,
  zonedParts,
} from './festival-day'

const amsterdam: FestivalClock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }

describe('festivalDayOf', () => {
  it.each([
    ['2026-07-10T18:30:00Z', '2026-07-10', '20:30 on Friday is Friday'],
    ['2026-07-10T21:59:00Z', '2026-07-10', '23:59 on Friday is Friday'],
    ['2026-07-10T22:00:00Z', '2026-07-10', 'midnight belongs to the night before'],
    ['2026-07-10T23:30:00Z', '2026-07-10', '01:30 on Saturday is still Friday'],
    ['2026-07-11T03:59:00Z', '2026-07-10', '05:59 on Saturday is still Friday'],
    ['2026-07-11T04:00:00Z', '2026-07-11', '06:00 on Saturday starts Saturday'],
  ])('%s belongs to %s (%s)', (start, day) => {
    expect(festivalDayOf(start, amsterdam)).toBe(day)
  })

  it('uses the local hour after the clocks go back (25-hour night)', () => {
    // 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00Z, so 02:30 happens twice.
    expect(festivalDayOf('2026-10-25T00:30:00Z', amsterdam)).toBe('2026-10-24')
    expect(festivalDayOf('2026-10-25T01:30:00Z', amsterdam)).toBe('2026-10-24')
    // 04:30Z is 05:30 in winter time: still the night before. In summer it would be 06:30.
    expect(festivalDayOf('2026-10-25T04:30:00Z', amsterdam)).toBe('2026-10-24')
    expect(festivalDayOf('2026-07-11T04:30:00Z', amsterdam)).toBe('2026-07-11')
    expect(festivalDayOf('2026-10-25T05:00:00Z', amsterdam)).toBe('2026-10-25')
  })

  it('uses the local hour after the clocks go forward (23-hour night)', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00Z.
    expect(festivalDayOf('2026-03-29T00:59:00Z', amsterdam)).toBe('2026-03-28')
    expect(festivalDayOf('2026-03-29T03:59:00Z', amsterdam)).toBe('2026-03-28')
    expect(festivalDayOf('2026-03-29T04:00:00Z', amsterdam)).toBe('2026-03-29')
  })

  it('crosses months and years', () => {
    expect(festivalDayOf('2026-12-31T23:30:00Z', amsterdam)).toBe('2026-12-31')
    expect(festivalDayOf('2027-01-01T02:00:00Z', amsterdam)).toBe('2026-12-31')
    expect(festivalDayOf('2026-08-01T01:00:00Z', amsterdam)).toBe('2026-07-31')
  })

  it('works in zones west of UTC and with half-hour offsets', () => {
    const newYork = { timeZone: 'America/New_York', dayChangeHour: 6 }
    // 23:30 EDT on Friday, though it is already Saturday in UTC.
    expect(festivalDayOf('2026-07-11T03:30:00Z', newYork)).toBe('2026-07-10')
    const goa = { timeZone: 'Asia/Kolkata', dayChangeHour: 6 }
    expect(festivalDayOf('2026-07-10T00:15:00Z', goa)).toBe('2026-07-09') // 05:45 IST
    expect(festivalDayOf('2026-07-10T00:30:00Z', goa)).toBe('2026-07-10') // 06:00 IST
  })

  it('with a day-change hour of 0 uses the plain calendar date', () => {
    const midnight = { timeZone: 'Europe/Amsterdam', dayChangeHour: 0 }
    expect(festivalDayOf('2026-07-10T21:59:00Z', midnight)).toBe('2026-07-10')
    expect(festivalDayOf('2026-07-10T22:00:00Z', midnight)).toBe('2026-07-11')
  })
})

describe('previousDate', () => {
  it('steps back over month ends and leap days', () => {
    expect(previousDate('2026-07-11')).toBe('2026-07-10')
    expect(previousDate('2026-03-01')).toBe('2026-02-28')
    expect(previousDate('2028-03-01')).toBe('2028-02-29')
    expect(previousDate('2027-01-01')).toBe('2026-12-31')
  })
})

describe('zonedParts', () => {
  it('reads midnight as hour 0, never 24', () => {
    expect(zonedParts('2026-07-10T22:00:00Z', 'Europe/Amsterdam')).toEqual({
      year: 2026,
      month: 7,
      day: 11,
      hour: 0,
      minute: 0,
    })
  })

  it("reads a registered zone's offset table within its window, and ICU outside it", () => {
    // A made-up zone table (Tokyo said to be UTC+1) shows which of the two answered.
    const from = Date.UTC(2026, 0, 1)
    const until = Date.UTC(2027, 0, 1)
    registerOffsetTable({
      timeZone: 'Asia/Tokyo',
      from,
      until,
      changes: [{ at: from, minutes: 60 }],
    })
    expect(hasOffsetTable('Asia/Tokyo', Date.UTC(2026, 6, 1))).toBe(true)
    expect(hasOffsetTable('Asia/Tokyo', until)).toBe(false)
    expect(zonedParts('2026-07-10T23:30:00Z', 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 7,
      day: 11,
      hour: 0,
      minute: 30,
    })
    expect(zonedParts('2027-07-10T23:30:00Z', 'Asia/Tokyo')).toMatchObject({ day: 11, hour: 8 })
  })
})

describe('defaultFestivalDay', () => {
  const days = ['2026-07-10', '2026-07-11', '2026-07-13']
  it.each([
    ['2026-06-01', '2026-07-10', 'before the festival: the first day'],
    ['2026-07-11', '2026-07-11', 'during it: today'],
    ['2026-07-12', '2026-07-13', 'a day without sets: the next day with sets'],
    ['2026-07-13', '2026-07-13', 'the last day'],
    ['2026-08-01', '2026-07-10', 'after it: the first day again'],
  ])('on %s opens %s (%s)', (today, day) => {
    expect(defaultFestivalDay(days, today)).toBe(day)
  })

  it('has no day for a lineup without sets', () => {
    expect(defaultFestivalDay([], '2026-07-10')).toBeUndefined()
  })
})
