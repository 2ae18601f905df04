import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatClockTime, formatFestivalDay, formatMoment, formatSetTimes } from './lineup-format'

const zone = 'Europe/Amsterdam'

describe('lineup formatting', () => {
  // The device's own zone must not matter: pretend to be far away from the festival.
  const deviceZone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Pacific/Honolulu'
  })
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ
    else process.env.TZ = deviceZone
  })

  it('names festival days from their date alone', () => {
    expect(new Date('2026-07-10T00:00:00Z').getHours()).toBe(14) // the device really is in Hawaii
    expect(formatFestivalDay('2026-07-10')).toBe('Friday 10 July')
    expect(formatFestivalDay('2026-07-12')).toBe('Sunday 12 July')
    expect(formatFestivalDay('2027-01-01')).toBe('Friday 1 January')
  })

  it("names every day of two years as English's own date formatter does", () => {
    const names = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
    })
    for (let day = 0; day < 731; day++) {
      const noon = new Date(Date.UTC(2026, 0, 1 + day, 12))
      const date = noon.toISOString().slice(0, 10)
      const part = (type: string) =>
        names.formatToParts(noon).find((each) => each.type === type)?.value
      expect(formatFestivalDay(date)).toBe(
        `${part('weekday')} ${noon.getUTCDate()} ${part('month')}`,
      )
    }
  })

  it('shows times on the festival clock, 24-hour, midnight as 00:00', () => {
    expect(formatClockTime('2026-07-10T18:30:00Z', zone)).toBe('20:30')
    expect(formatClockTime('2026-07-10T22:00:00Z', zone)).toBe('00:00')
    expect(formatClockTime('2026-07-10T23:30:00Z', zone)).toBe('01:30')
    expect(formatClockTime('2026-07-10T18:30:00Z', 'America/New_York')).toBe('14:30')
  })

  it('shows the repeated hour twice when the clocks go back', () => {
    expect(formatClockTime('2026-10-25T00:30:00Z', zone)).toBe('02:30')
    expect(formatClockTime('2026-10-25T01:30:00Z', zone)).toBe('02:30')
    expect(formatClockTime('2026-03-29T01:00:00Z', zone)).toBe('03:00')
  })

  it('formats a set as start–end, start only, or nothing', () => {
    const set = { name: 'Aurora Lane', stage: 'Main', date: '2026-07-10' }
    expect(
      formatSetTimes({ ...set, start: '2026-07-10T21:30:00Z', end: '2026-07-10T23:00:00Z' }, zone),
    ).toBe('23:30–01:00')
    expect(formatSetTimes({ ...set, start: '2026-07-10T21:30:00Z' }, zone)).toBe('23:30')
    expect(formatSetTimes(set, zone)).toBeUndefined()
  })

  it('formats a moment with its festival-local day', () => {
    expect(formatMoment('2026-07-10T12:05:00Z', zone)).toBe('Fri 10 Jul, 14:05')
    expect(formatMoment('2026-07-10T22:30:00Z', zone)).toBe('Sat 11 Jul, 00:30')
  })
})
