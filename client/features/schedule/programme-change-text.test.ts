import { describe, expect, it } from 'vitest'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import type { Star } from '../../../shared/schedule/schedule.schema'
import { programmeChangeLines, wasText } from './programme-change-text'

const seen: LineupSet = {
  key: 'id.nightjar',
  id: 'nightjar',
  name: 'Nightjar',
  stage: 'Main Stage',
  date: '2026-07-10',
  start: '2026-07-10T20:00:00Z',
  end: '2026-07-10T21:30:00Z',
}
const star = (change: Star['change']): Star => ({
  key: seen.key,
  starredAt: '2026-07-01T10:00:00.000Z',
  seen,
  change,
})
const zone = 'Europe/Amsterdam'

describe('programmeChangeLines', () => {
  it('says nothing of an unchanged star', () => {
    expect(programmeChangeLines(star(null), zone)).toEqual([])
  })

  it('says a set was cancelled, and what it was', () => {
    const cancelled = star({ kind: 'cancelled' })
    expect(programmeChangeLines(cancelled, zone)).toEqual(['Cancelled'])
    expect(wasText(cancelled, zone)).toBe('Was Friday 10 July, 22:00–23:30 at Main Stage')
  })

  it('says when a set moved on the festival clock, to which stage, and a new name', () => {
    const moved = star({
      kind: 'changed',
      now: {
        ...seen,
        name: 'Nightjar (DJ set)',
        stage: 'Forest',
        date: '2026-07-11',
        start: '2026-07-11T23:00:00Z',
        end: '2026-07-12T00:30:00Z',
      },
    })
    expect(programmeChangeLines(moved, zone)).toEqual([
      'Moved: Saturday 11 July, 01:00–02:30',
      'Now at Forest',
      'Now listed as Nightjar (DJ set)',
    ])
  })

  it('says only what changed, and leaves times out until the zone is known', () => {
    const otherStage = star({ kind: 'changed', now: { ...seen, stage: 'Forest' } })
    expect(programmeChangeLines(otherStage, zone)).toEqual(['Now at Forest'])
    const later = star({ kind: 'changed', now: { ...seen, start: '2026-07-10T20:30:00Z' } })
    expect(programmeChangeLines(later, undefined)).toEqual(['Moved: Friday 10 July'])
  })
})
