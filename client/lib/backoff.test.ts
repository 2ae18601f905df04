import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff'

const options = { baseMs: 500, maxMs: 30_000 }

describe('backoffDelay', () => {
  it('doubles the ceiling with each attempt', () => {
    const highest = (attempt: number) => backoffDelay(attempt, { ...options, random: () => 1 })
    expect([0, 1, 2, 3].map(highest)).toEqual([500, 1000, 2000, 4000])
  })

  it('never waits less than half the ceiling', () => {
    const lowest = (attempt: number) => backoffDelay(attempt, { ...options, random: () => 0 })
    expect([0, 1, 2, 3].map(lowest)).toEqual([250, 500, 1000, 2000])
  })

  it('spreads clients across the upper half of the ceiling', () => {
    expect(backoffDelay(2, { ...options, random: () => 0.5 })).toBe(1500)
  })

  it('stops growing at the maximum', () => {
    expect(backoffDelay(20, { ...options, random: () => 1 })).toBe(30_000)
    expect(backoffDelay(20, { ...options, random: () => 0 })).toBe(15_000)
  })
})
