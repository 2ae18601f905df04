import { describe, expect, it } from 'vitest'
import type { LineupItem } from './lineup.schema'
import { nowAndNext } from './now-and-next'

const at = (iso: string) => Date.parse(iso)
const sets: LineupItem[] = [
  {
    name: 'Aurora Lane',
    stage: 'Main',
    date: '2026-07-10',
    start: '2026-07-10T20:00:00Z',
    end: '2026-07-10T21:30:00Z',
  },
  {
    name: 'Neon Harbour',
    stage: 'Main',
    date: '2026-07-10',
    start: '2026-07-10T22:00:00Z',
    end: '2026-07-10T23:30:00Z',
  },
  // Runs past midnight on the festival clock, and has no end: an assumed hour.
  { name: 'Nightjar', stage: 'Tent', date: '2026-07-10', start: '2026-07-10T23:30:00Z' },
  { name: 'Secret Guest', stage: 'Forest', date: '2026-07-10' },
  {
    name: 'Tomorrow',
    stage: 'Forest',
    date: '2026-07-11',
    start: '2026-07-11T16:00:00Z',
    end: '2026-07-11T17:00:00Z',
  },
]
const summary = (now: number) =>
  nowAndNext(sets, now).map((stage) => [
    stage.stage,
    stage.now && `${stage.now.set.name} (${stage.now.minutesLeft} left)`,
    stage.next && `${stage.next.set.name} (in ${stage.next.minutesUntil})`,
  ])

describe('nowAndNext', () => {
  it('gives each stage its set on now with the time left, and its next set', () => {
    expect(summary(at('2026-07-10T21:05:00Z'))).toEqual([
      ['Main', 'Aurora Lane (25 left)', 'Neon Harbour (in 55)'],
      ['Tent', undefined, 'Nightjar (in 145)'],
    ])
  })

  it('moves on as time passes, across midnight, and leaves out what is over or far off', () => {
    expect(summary(at('2026-07-10T23:45:00Z'))).toEqual([['Tent', 'Nightjar (45 left)', undefined]])
    // Over for the night: only Forest's set tomorrow afternoon, within twelve hours.
    expect(summary(at('2026-07-11T04:30:00Z'))).toEqual([
      ['Forest', undefined, 'Tomorrow (in 690)'],
    ])
    expect(summary(at('2026-07-11T03:00:00Z'))).toEqual([])
  })

  it('counts a set from its first minute to its last', () => {
    expect(summary(at('2026-07-10T20:00:00Z'))[0]?.[1]).toBe('Aurora Lane (90 left)')
    expect(summary(at('2026-07-10T21:30:00Z'))[0]).toEqual([
      'Main',
      undefined,
      'Neon Harbour (in 30)',
    ])
  })
})
