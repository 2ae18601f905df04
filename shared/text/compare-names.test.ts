import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareNames } from './compare-names'

const sign = (n: number) => Math.sign(n)

describe('compareNames', () => {
  it("orders plain names exactly as English collation does (ICU's localeCompare)", () => {
    const plain = fc.string({
      unit: fc.constantFrom(...'aAbBcCmMsSzZ09 5'.split('')),
      maxLength: 8,
    })
    fc.assert(
      fc.property(plain, plain, (a, b) => {
        expect(sign(compareNames(a, b))).toBe(sign(a.localeCompare(b, 'en')))
      }),
      { numRuns: 5000 },
    )
  })

  it('sorts a festival stage list as ICU does', () => {
    const stages = [
      'the Barn',
      'Main Stage',
      'Mainstage',
      'Forest',
      'main stage',
      'Stage 10',
      'Stage 2',
    ]
    expect([...stages].sort(compareNames)).toEqual(
      [...stages].sort((a, b) => a.localeCompare(b, 'en')),
    )
  })

  it('leaves accents and punctuation to ICU', () => {
    expect(['Zebra', 'Éclat', 'Echo'].sort(compareNames)).toEqual(['Echo', 'Éclat', 'Zebra'])
    expect(sign(compareNames('Rock & Roll', 'Rock-Roll'))).toBe(
      sign('Rock & Roll'.localeCompare('Rock-Roll', 'en')),
    )
  })
})
