import { describe, expect, it } from 'vitest'
import { zonedParts } from '../../shared/lineup/festival-day'
import { loadConfig } from '../config/config'
import { demoLineupItems } from './demo-lineup'

const clock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }

describe('the festival-sized demo lineup (DEMO_LINEUP=festival)', () => {
  const sets = demoLineupItems('festival', clock)
  const days = [...new Set(sets.map((set) => set.date))].sort()
  const stages = new Set(sets.map((set) => set.stage))

  it('validates as an import would, with about 300 sets over 4 days and 8 to 12 stages', () => {
    expect(sets.length).toBeGreaterThanOrEqual(280)
    expect(sets.length).toBeLessThanOrEqual(320)
    expect(days).toEqual(['2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'])
    expect(stages.size).toBeGreaterThanOrEqual(8)
    expect(stages.size).toBeLessThanOrEqual(12)
    // Every day is a full one: most stages play, and no day holds a token few sets.
    for (const day of days) {
      const ofDay = sets.filter((set) => set.date === day)
      expect(new Set(ofDay.map((set) => set.stage)).size, day).toBeGreaterThanOrEqual(8)
      expect(ofDay.length, day).toBeGreaterThanOrEqual(50)
    }
  })

  it('gives every set a start and an end, runs past midnight, and gives some sets ids', () => {
    expect(sets.every((set) => set.start && set.end && set.end > set.start)).toBe(true)
    // Sets that start after midnight, on the next calendar day, belong to the festival day before.
    const local = (instant: string) => zonedParts(instant, clock.timeZone)
    const afterMidnight = sets.filter((set) => local(set.start!).hour < 6)
    expect(afterMidnight.length).toBeGreaterThanOrEqual(10)
    for (const set of afterMidnight) {
      expect(local(set.start!).day).toBe(Number(set.date.slice(8)) + 1)
    }
    const withIds = sets.filter((set) => set.id !== undefined)
    expect(withIds.length).toBeGreaterThan(20)
    expect(withIds.length).toBeLessThan(sets.length)
    expect(new Set(withIds.map((set) => set.id)).size).toBe(withIds.length)
  })

  it('is the same lineup on every start', () => {
    expect(demoLineupItems('festival', clock)).toEqual(sets)
  })

  it('is chosen by DEMO_LINEUP, the small demo by default, and a wrong name stops the start', () => {
    expect(loadConfig({}).DEMO_LINEUP).toBe('small')
    expect(loadConfig({ DEMO_LINEUP: 'festival' }).DEMO_LINEUP).toBe('festival')
    expect(() => loadConfig({ DEMO_LINEUP: 'huge' })).toThrow(/DEMO_LINEUP/)
    expect(demoLineupItems('small', clock)).toHaveLength(49)
  })
})
