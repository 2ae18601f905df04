import { describe, expect, it } from 'vitest'
import { formatWeekdayTime } from './weekday-time'

describe('formatWeekdayTime', () => {
  it("writes the weekday and the 24-hour time in the device's zone", () => {
    const local = new Date(2026, 6, 10, 21, 5) // a Friday, 21:05 here
    expect(formatWeekdayTime(local.toISOString())).toBe('Fri 21:05')
  })

  it('pads the early hours', () => {
    expect(formatWeekdayTime(new Date(2026, 6, 12, 0, 7).toISOString())).toBe('Sun 00:07')
  })

  it('gives nothing rather than "undefined NaN:NaN" for a time it cannot read', () => {
    expect(formatWeekdayTime('not a time')).toBe('')
  })
})
