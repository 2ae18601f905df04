import { describe, expect, it } from 'vitest'
import type { LineupItem } from '../../shared/lineup/lineup.schema'
import { lineupEtag, lineupJson, withSetKeys } from './lineup-snapshot'

const NIGHTJAR: LineupItem = { name: 'Nightjar', stage: 'Main', date: '2026-07-10' }

describe("a set's key", () => {
  it('is its id when it has one, else a hash of its day, stage and artist, whatever its time', () => {
    const [withId, plain] = withSetKeys([{ ...NIGHTJAR, id: 'nj-1' }, NIGHTJAR])
    expect(withId?.key).toBe('id.nj-1')
    expect(plain?.key).toMatch(/^h\.[A-Za-z0-9_-]{16}$/)
    const later = withSetKeys([{ ...NIGHTJAR, start: '2026-07-10T23:00:00Z' }])[0]
    expect(later?.key).toBe(plain?.key)
    expect(withSetKeys([{ ...NIGHTJAR, stage: 'Tent' }])[0]?.key).not.toBe(plain?.key)
  })

  it('tells apart an artist playing one stage twice in a day', () => {
    const keys = withSetKeys([NIGHTJAR, NIGHTJAR, NIGHTJAR]).map((set) => set.key)
    expect(keys[1]).toBe(`${keys[0]}.2`)
    expect(keys[2]).toBe(`${keys[0]}.3`)
  })

  it('leaves the stored lineup of a file without ids, and so its ETag, as it was', () => {
    // The canonical JSON before sets had ids: the ETag every open app holds must not change.
    expect(lineupJson([NIGHTJAR])).toBe('[{"name":"Nightjar","stage":"Main","date":"2026-07-10"}]')
    expect(lineupEtag(lineupJson([{ ...NIGHTJAR, id: 'x' }]))).not.toBe(
      lineupEtag(lineupJson([NIGHTJAR])),
    )
  })
})
