import { describe, expect, it } from 'vitest'
import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { rowAt, timetableLayout } from './timetable-layout'

const utcMinute = (instant: number) => new Date(instant).getUTCMinutes()
const set = (name: string, stage: string, start?: string, end?: string): LineupItem => ({
  name,
  stage,
  date: '2026-07-10',
  start,
  end,
})

describe('timetableLayout', () => {
  const sets = [
    set('Aurora Lane', 'Main', '2026-07-10T19:45:00Z', '2026-07-10T21:00:00Z'),
    set('Kite Theory', 'Forest', '2026-07-10T20:10:00Z', '2026-07-10T20:40:00Z'),
    // Past midnight and without an end: an hour long.
    set('Nightjar', 'Tent', '2026-07-10T23:30:00Z'),
    set('Secret Guest', 'Main'),
  ]
  const layout = timetableLayout(sets, utcMinute)

  it('gives each stage a column, alphabetical, and starts on the hour before the first set', () => {
    expect(layout.stages).toEqual(['Forest', 'Main', 'Tent'])
    expect(new Date(layout.start).toISOString()).toBe('2026-07-10T19:00:00.000Z')
    // 19:00 to 00:30: 66 rows of five minutes.
    expect(layout.rows).toBe(66)
    expect(layout.hours.map((hour) => hour.row)).toEqual([0, 12, 24, 36, 48, 60])
  })

  it('sizes each block by its length and leaves sets without a time off the grid', () => {
    const byName = Object.fromEntries(
      layout.blocks.map((block) => [block.set.name, [block.column, block.fromRow, block.toRow]]),
    )
    expect(byName).toEqual({
      'Aurora Lane': [1, 9, 24],
      'Kite Theory': [0, 14, 20],
      Nightjar: [2, 54, 66],
    })
    expect(layout.untimed.map((each) => each.name)).toEqual(['Secret Guest'])
  })

  it('starts on the festival clock hour in a zone half an hour off UTC', () => {
    const india = (instant: number) => (new Date(instant).getUTCMinutes() + 30) % 60
    const shifted = timetableLayout(sets, india)
    expect(new Date(shifted.start).toISOString()).toBe('2026-07-10T19:30:00.000Z')
  })

  it('finds the row of now, only within the grid', () => {
    expect(rowAt(layout, Date.parse('2026-07-10T20:00:00Z'))).toBe(12)
    expect(rowAt(layout, Date.parse('2026-07-11T02:00:00Z'))).toBeUndefined()
  })

  it('is empty for a day without times', () => {
    expect(timetableLayout([set('Secret Guest', 'Main')], utcMinute)).toMatchObject({
      stages: [],
      rows: 0,
      blocks: [],
    })
  })
})
