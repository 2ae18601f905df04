import { describe, expect, it } from 'vitest'
import { TEXT_ATTACKS, VALID_VIBE } from '../../../shared/vibes/vibe-text-attacks.rows'
import { limitFieldText, parseVibeForm } from './vibe-form'

const valid = { username: 'DJ Zoë', emoji: '🎧', status: 'Front row for the headliner' }

describe('parseVibeForm', () => {
  it('trims and accepts a complete vibe', () => {
    expect(parseVibeForm({ ...valid, username: '  DJ Zoë  ' })).toEqual({ ok: true, input: valid })
  })

  it.each([
    ['a blank username', { ...valid, username: '   ' }, 'username'],
    ['a blank status', { ...valid, status: '\u00a0 ' }, 'status'],
    ['both blank', { ...valid, username: '', status: '' }, 'username'],
  ])('reports %s as missing info, naming the first field to fill', (_label, values, field) => {
    expect(parseVibeForm(values)).toEqual({ ok: false, reason: 'missing', field })
  })

  it('passes on the schema message for anything else wrong, and the field it is about', () => {
    const result = parseVibeForm({ ...valid, username: 'evil\u202Etxt' })
    expect(result).toEqual({
      ok: false,
      reason: 'invalid',
      message: "Username contains characters that aren't allowed",
      field: 'username',
    })
  })
})

describe('parseVibeForm against text attacks', () => {
  // A blank username or status gets the spec's "Missing info!" toast; every other refusal
  // shows the schema's message, word for word what the server answers, for the first field in
  // the form's order.
  it.each(TEXT_ATTACKS)('$name', ({ change, details }) => {
    const blankField = (['username', 'status'] as const).find((field) =>
      details[field]?.endsWith("can't be blank"),
    )
    const firstRefused = (['username', 'emoji', 'status'] as const).find((field) => details[field])
    const expected = blankField
      ? { ok: false, reason: 'missing', field: blankField }
      : {
          ok: false,
          reason: 'invalid',
          message: details.username ?? details.emoji ?? details.status,
          field: firstRefused,
        }
    expect(parseVibeForm({ ...VALID_VIBE, ...change })).toEqual(expected)
  })
})

describe('limitFieldText', () => {
  it('cuts at the limit counted in characters, keeping emoji whole', () => {
    expect(limitFieldText('ab👨‍👩‍👧‍👦🇳🇱cd', 4)).toBe('ab👨‍👩‍👧‍👦🇳🇱')
  })

  it('turns line breaks into spaces', () => {
    expect(limitFieldText('one\ntwo\r\nthree', 100)).toBe('one two three')
  })
})
