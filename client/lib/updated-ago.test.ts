import { describe, expect, it } from 'vitest'
import { updatedAgo } from './updated-ago'

const now = Date.parse('2026-07-10T20:00:00Z')
const ago = (ms: number) => updatedAgo(now - ms, now)
const MIN = 60_000

describe('updatedAgo', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-5 * MIN, 'just now'],
    [MIN, '1 min ago'],
    [12 * MIN + 59_000, '12 min ago'],
    [59 * MIN, '59 min ago'],
    [60 * MIN, '1 h ago'],
    [47 * 60 * MIN, '47 h ago'],
    [48 * 60 * MIN, '2 days ago'],
  ])('%i ms ago → %s', (elapsed, text) => {
    expect(ago(elapsed)).toBe(text)
  })
})
