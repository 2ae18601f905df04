import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const NOW = Date.parse('2025-07-19T21:30:00.000Z')
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(NOW - ms).toISOString()

describe('formatRelativeTime', () => {
  it.each([
    ['at the same instant', 0, 'Just now'],
    ['just under a minute', MINUTE - 1, 'Just now'],
    ['exactly a minute', MINUTE, '1m ago'],
    ['just under two minutes', 2 * MINUTE - 1, '1m ago'],
    ['just under an hour', HOUR - 1, '59m ago'],
    ['exactly an hour', HOUR, '1h ago'],
    ['just under a day', DAY - 1, '23h ago'],
    ['exactly a day', DAY, '1d ago'],
    ['a week and a bit', 7 * DAY + 5 * HOUR, '7d ago'],
  ])('%s', (_label, elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(expected)
  })

  it('reads a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(NOW + 5 * SECOND, NOW)).toBe('Just now')
  })

  it('accepts dates and epoch milliseconds as well as ISO strings', () => {
    expect(formatRelativeTime(new Date(NOW - 3 * HOUR), NOW)).toBe('3h ago')
    expect(formatRelativeTime(NOW - 42 * MINUTE, NOW)).toBe('42m ago')
  })
})
