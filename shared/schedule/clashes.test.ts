import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ClashCandidate, clashText, findClashes } from './clashes'

const set = (key: string, start?: string, end?: string): ClashCandidate => ({
  key,
  name: key,
  start,
  end,
})
const textsOf = (sets: ClashCandidate[], key: string) =>
  (findClashes(sets).get(key) ?? []).map(clashText)

describe('findClashes', () => {
  it('names the set overlapped and by how long, both ways', () => {
    const sets = [
      set('Aurora Lane', '2026-07-10T19:00:00Z', '2026-07-10T20:30:00Z'),
      set('Nightjar', '2026-07-10T20:00:00Z', '2026-07-10T21:00:00Z'),
    ]
    expect(textsOf(sets, 'Aurora Lane')).toEqual(['Overlaps Nightjar by 30 min'])
    expect(textsOf(sets, 'Nightjar')).toEqual(['Overlaps Aurora Lane by 30 min'])
  })

  it('finds a clash across midnight, whatever festival day each set is filed under', () => {
    // Amsterdam: Selene Ray 23:30–01:30 and Deep Lagoon 01:00–02:30 (the calendar date changes).
    const sets = [
      { ...set('Selene Ray', '2026-07-11T21:30:00Z', '2026-07-11T23:30:00Z'), date: '2026-07-11' },
      { ...set('Deep Lagoon', '2026-07-11T23:00:00Z', '2026-07-12T00:30:00Z'), date: '2026-07-12' },
    ]
    expect(textsOf(sets, 'Selene Ray')).toEqual(['Overlaps Deep Lagoon by 30 min'])
    expect(textsOf(sets, 'Deep Lagoon')).toEqual(['Overlaps Selene Ray by 30 min'])
  })

  it('lists every overlapping set, counts a set inside another by its own length, and hours in h', () => {
    const sets = [
      set('Long', '2026-07-10T18:00:00Z', '2026-07-10T21:00:00Z'),
      set('Inside', '2026-07-10T19:00:00Z', '2026-07-10T19:45:00Z'),
      set('Tail', '2026-07-10T19:30:00Z', '2026-07-10T22:00:00Z'),
    ]
    expect(textsOf(sets, 'Long')).toEqual([
      'Overlaps Inside by 45 min',
      'Overlaps Tail by 1 h 30 min',
    ])
    expect(textsOf(sets, 'Inside')).toEqual(['Overlaps Long by 45 min', 'Overlaps Tail by 15 min'])
  })

  it('does not count sets that only touch, nor sets without a time', () => {
    const sets = [
      set('First', '2026-07-10T18:00:00Z', '2026-07-10T19:00:00Z'),
      set('Second', '2026-07-10T19:00:00Z', '2026-07-10T20:00:00Z'),
      set('Secret Guest'),
    ]
    expect(findClashes(sets).size).toBe(0)
  })

  it('gives a set without an end the assumed hour', () => {
    const sets = [
      set('Open End', '2026-07-10T18:00:00Z'),
      set('Next', '2026-07-10T18:40:00Z', '2026-07-10T20:00:00Z'),
    ]
    expect(textsOf(sets, 'Next')).toEqual(['Overlaps Open End by 20 min'])
  })

  it('agrees with comparing every pair, for any sets', () => {
    const base = Date.parse('2026-07-10T12:00:00Z')
    const arbitrarySet = fc.record({
      startMinute: fc.integer({ min: 0, max: 24 * 60 }),
      length: fc.integer({ min: 1, max: 240 }),
    })
    fc.assert(
      fc.property(fc.array(arbitrarySet, { maxLength: 12 }), (specs) => {
        const sets = specs.map((spec, index) =>
          set(
            `s${index}`,
            new Date(base + spec.startMinute * 60_000).toISOString(),
            new Date(base + (spec.startMinute + spec.length) * 60_000).toISOString(),
          ),
        )
        const found = findClashes(sets)
        for (const [i, a] of specs.entries()) {
          for (const [j, b] of specs.entries()) {
            if (i === j) continue
            const overlap =
              Math.min(a.startMinute + a.length, b.startMinute + b.length) -
              Math.max(a.startMinute, b.startMinute)
            const clash = found.get(`s${i}`)?.find((each) => each.key === `s${j}`)
            expect(clash?.minutes).toBe(overlap > 0 ? overlap : undefined)
          }
        }
      }),
    )
  })
})
