import { describe, expect, it } from 'vitest'
import { calibratedSlowdown } from './lighthouse-calibration'

describe('calibratedSlowdown', () => {
  it("is Lighthouse's 4× on a machine at or below the high-end desktop bracket's start", () => {
    expect(calibratedSlowdown(900)).toBe(4)
    expect(calibratedSlowdown(1500)).toBe(4)
  })

  it('grows with the machine, so a fast day measures the same phone', () => {
    expect(calibratedSlowdown(1552)).toBe(4.1)
    expect(calibratedSlowdown(3900)).toBe(10.4)
  })
})
