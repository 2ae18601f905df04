import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { normalizeStageCode, StageCodes } from './stage-codes'

const ROTATE = 5 * 60_000
const STAGES = ['Main Stage', 'The Grove', 'Harbour Club']

describe('stage codes', () => {
  const codes = new StageCodes(randomBytes(32), ROTATE)
  const start = 1_786_000_000_000 - (1_786_000_000_000 % ROTATE) // a window's first millisecond

  it('are six symbols, the same through a window and different in the next', () => {
    const code = codes.current('Main Stage', start)
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/)
    expect(codes.current('Main Stage', start + ROTATE - 1)).toBe(code)
    expect(codes.current('Main Stage', start + ROTATE)).not.toBe(code)
    expect(codes.current('The Grove', start)).not.toBe(code)
    expect(codes.windowEndsAt(start + 1)).toBe(start + ROTATE)
  })

  it('are good in their window and the next, expired after, and tied to their stage', () => {
    const code = codes.current('The Grove', start)
    expect(codes.match(code, STAGES, start)).toEqual({ kind: 'valid', stage: 'The Grove' })
    expect(codes.match(code, STAGES, start + 2 * ROTATE - 1)).toEqual({
      kind: 'valid',
      stage: 'The Grove',
    })
    expect(codes.match(code, STAGES, start + 2 * ROTATE)).toEqual({
      kind: 'expired',
      stage: 'The Grove',
    })
    // An hour on it is just not valid; before its window it never was.
    expect(codes.match(code, STAGES, start + 70 * 60_000)).toEqual({ kind: 'invalid' })
    expect(codes.match(code, STAGES, start - 1).kind).not.toBe('valid')
    // Not a stage of this lineup any more.
    expect(codes.match(code, ['Main Stage'], start)).toEqual({ kind: 'invalid' })
  })

  it('cannot be made without the key', () => {
    const other = new StageCodes(randomBytes(32), ROTATE)
    expect(codes.match(other.current('Main Stage', start), STAGES, start)).toEqual({
      kind: 'invalid',
    })
  })

  it('are read as people type them', () => {
    expect(normalizeStageCode(' ab-c 234 ')).toBe('ABC234')
    expect(normalizeStageCode('ABC23')).toBeNull()
    expect(normalizeStageCode('ABC2340')).toBeNull()
    expect(normalizeStageCode('ABC10O')).toBeNull() // 0, 1 and O are not in the alphabet
  })
})
