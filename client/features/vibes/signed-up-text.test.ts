import { describe, expect, it } from 'vitest'
import { signedUpText } from './signed-up-text'

describe('signedUpText', () => {
  it('says user for exactly one and users otherwise', () => {
    expect(signedUpText(1)).toBe('1 user signed up')
    expect(signedUpText(0)).toBe('0 users signed up')
    expect(signedUpText(2)).toBe('2 users signed up')
  })

  it('groups digits as English does, the same as toLocaleString', () => {
    for (const count of [0, 7, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(signedUpText(count)).toBe(`${count.toLocaleString('en')} users signed up`)
    }
  })
})
