import { describe, expect, it } from 'vitest'
import { LineupFileRowSchema, LineupItemSchema } from './lineup.schema'
import { LINEUP_TEXT_ATTACKS } from './lineup-text-attacks.rows'

const messages = (input: unknown) => {
  const result = LineupFileRowSchema.safeParse(input)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('LineupFileRowSchema', () => {
  it('trims text and treats blanks and nulls as missing', () => {
    expect(
      LineupFileRowSchema.parse({
        name: '  Aurora Lane ',
        stage: 'Main Stage',
        date: '2026-07-10',
        start: ' ',
        end: null,
      }),
    ).toEqual({ name: 'Aurora Lane', stage: 'Main Stage', date: '2026-07-10' })
  })

  it('accepts a set with a start and no date', () => {
    expect(messages({ name: 'A', stage: 'B', start: '2026-07-10T18:30:00Z' })).toEqual([])
  })

  it('reports every problem of a row', () => {
    expect(messages({ stage: '', date: '10/07/2026', end: '2026-07-10T18:30:00+02:00' })).toEqual([
      'name: is required',
      'stage: is required',
      'date: must be a date such as 2026-07-10',
      'end: must be an ISO-8601 UTC time such as 2026-07-10T20:30:00Z',
    ])
  })

  it('needs a date or a start, a start before the end, and an end only with a start', () => {
    expect(messages({ name: 'A', stage: 'B' })).toEqual(['date: is required without a start'])
    expect(
      messages({
        name: 'A',
        stage: 'B',
        start: '2026-07-10T20:00:00Z',
        end: '2026-07-10T19:00:00Z',
      }),
    ).toEqual(['end: must be after the start'])
    expect(
      messages({ name: 'A', stage: 'B', date: '2026-07-10', end: '2026-07-10T19:00:00Z' }),
    ).toEqual(['end: needs a start time'])
  })

  it('limits the length of names and stages and refuses non-text', () => {
    expect(messages({ name: 'x'.repeat(101), stage: 7, date: '2026-07-10' })).toEqual([
      'name: must be at most 100 characters',
      'stage: must be text',
    ])
  })
})

describe('the text rules for names and stages (ADR 023)', () => {
  it.each(LINEUP_TEXT_ATTACKS)('refuses %s', (_label, text, problem) => {
    expect(messages({ name: text, stage: text, date: '2026-07-10' })).toEqual([
      `name: ${problem}`,
      `stage: ${problem}`,
    ])
  })

  it('keeps what people write: accents, other scripts, emoji and flags', () => {
    for (const name of [
      'Zoë & the Rāgas',
      'Tiếng Việt',
      'ชาวไทย',
      'कार्त्स्न्यं',
      '한국어 🎉🇳🇱',
      'DJ 👩‍👩‍👧‍👦',
    ]) {
      expect(messages({ name, stage: name, date: '2026-07-10' })).toEqual([])
    }
  })
})

describe('LineupItemSchema', () => {
  it('serves a lineup stored before the text rules, whatever its names hold', () => {
    for (const [, text] of LINEUP_TEXT_ATTACKS) {
      expect(
        LineupItemSchema.safeParse({ name: text, stage: text, date: '2026-07-10' }).success,
      ).toBe(true)
    }
  })

  it('requires the festival date', () => {
    expect(LineupItemSchema.safeParse({ name: 'A', stage: 'B' }).success).toBe(false)
    expect(LineupItemSchema.safeParse({ name: 'A', stage: 'B', date: '2026-07-10' }).success).toBe(
      true,
    )
  })
})
