import { describe, expect, it } from 'vitest'
import { ASSUMED_SET_MINUTES, durationText, minutesBetween, setSpan } from './set-span'

describe('setSpan', () => {
  it('reads a set with both times as they are', () => {
    expect(setSpan({ start: '2026-07-10T20:00:00Z', end: '2026-07-10T21:30:00Z' })).toEqual({
      start: Date.parse('2026-07-10T20:00:00Z'),
      end: Date.parse('2026-07-10T21:30:00Z'),
    })
  })

  it('gives a set without an end the assumed length, and one without a start no span', () => {
    const span = setSpan({ start: '2026-07-10T23:30:00Z' })
    expect(span && (span.end - span.start) / 60_000).toBe(ASSUMED_SET_MINUTES)
    expect(setSpan({})).toBeUndefined()
  })
})

describe('durationText', () => {
  it.each([
    [1, '1 min'],
    [30, '30 min'],
    [60, '1 h'],
    [75, '1 h 15 min'],
    [150, '2 h 30 min'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(durationText(minutes)).toBe(text)
  })
})

describe('minutesBetween', () => {
  it('rounds a started minute up', () => {
    expect(minutesBetween(0, 10_000)).toBe(1)
    expect(minutesBetween(0, 30 * 60_000)).toBe(30)
  })
})
