import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LineupItem } from './lineup.schema'
import { groupByDate, groupByStage, sortLineup } from './lineup-grouping'

// Europe/Amsterdam in July is UTC+2: 18:30Z is 20:30 on the festival clock.
const friday = '2026-07-10'
const saturday = '2026-07-11'
const lineup: LineupItem[] = [
  { name: 'Night Owls', stage: 'Moon Tent', date: friday, start: '2026-07-10T23:30:00Z' },
  { name: 'Solar Drift', stage: 'Main Stage', date: saturday, start: '2026-07-11T18:00:00Z' },
  { name: 'Aurora Lane', stage: 'Main Stage', date: friday, start: '2026-07-10T18:30:00Z' },
  { name: 'Secret Guest', stage: 'Forest', date: friday },
  { name: 'Glasswave', stage: 'Moon Tent', date: friday, start: '2026-07-10T21:00:00Z' },
  { name: 'Aurora Lane', stage: 'Main Stage', date: saturday, start: '2026-07-11T14:00:00Z' },
]

describe('groupByDate', () => {
  it('gives each festival day its sets in set-time order, after-midnight sets last', () => {
    const days = groupByDate(lineup)
    expect(days.map((day) => day.date)).toEqual([friday, saturday])
    expect(days[0]?.sets.map((set) => set.name)).toEqual([
      'Aurora Lane', // 20:30
      'Glasswave', // 23:00
      'Night Owls', // 01:30 on Saturday, still Friday night
      'Secret Guest', // no time yet
    ])
    expect(days[1]?.sets.map((set) => set.name)).toEqual(['Aurora Lane', 'Solar Drift'])
  })

  it('is empty for an empty lineup', () => {
    expect(groupByDate([])).toEqual([])
  })
})

describe('groupByStage', () => {
  it('lists stages alphabetically, each artist once, in set-time order', () => {
    expect(groupByStage(lineup)).toEqual([
      { stage: 'Forest', artists: ['Secret Guest'] },
      { stage: 'Main Stage', artists: ['Aurora Lane', 'Solar Drift'] },
      { stage: 'Moon Tent', artists: ['Glasswave', 'Night Owls'] },
    ])
  })
})

describe('sortLineup', () => {
  it('gives the same order whatever order the sets came in', () => {
    const expected = sortLineup(lineup)
    fc.assert(
      fc.property(fc.shuffledSubarray(lineup, { minLength: lineup.length }), (shuffled) => {
        expect(sortLineup(shuffled)).toEqual(expected)
      }),
    )
  })

  it('does not change its input', () => {
    const copy = [...lineup]
    sortLineup(lineup)
    expect(lineup).toEqual(copy)
  })
})
