import { describe, expect, it } from 'vitest'
import { VibeInputSchema } from './vibe.schema'
import { LEGIT_TEXTS, TEXT_ATTACKS, VALID_VIBE } from './vibe-text-attacks.rows'

const valid = VALID_VIBE

/** The first issue per field, as the server's error handler and the forms report it. */
function firstIssues(input: unknown) {
  const result = VibeInputSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path[0], i.message]))
}

describe('VibeInputSchema', () => {
  it('trims the fields it accepts', () => {
    expect(VibeInputSchema.parse({ ...valid, username: '  Luna  ', status: ' hi ' })).toEqual({
      ...valid,
      username: 'Luna',
      status: 'hi',
    })
  })

  it('counts characters as a person does: a 20-character name of flags fits', () => {
    expect(VibeInputSchema.safeParse({ ...valid, username: '🇳🇱'.repeat(20) }).success).toBe(true)
    expect(VibeInputSchema.safeParse({ ...valid, username: '🇳🇱'.repeat(21) }).success).toBe(false)
    expect(VibeInputSchema.safeParse({ ...valid, emoji: '👨‍👩‍👧‍👦👍🏽🇧🇷🎉' }).success).toBe(true)
    expect(VibeInputSchema.safeParse({ ...valid, emoji: '🎉🎉🎉🎉🎉' }).success).toBe(false)
  })

  it('refuses blank, too long, control and bidi text with a message per field', () => {
    expect(firstIssues({ username: '   ', emoji: 'a\u202Eb', status: 'x'.repeat(101) })).toEqual({
      username: "Username can't be blank",
      emoji: "Emoji contains characters that aren't allowed",
      status: 'Vibe status can be at most 100 characters',
    })
  })

  it('caps code units so a few huge clusters cannot get through', () => {
    const hugeCluster = `e${'\u0301'.repeat(500)}`
    expect(VibeInputSchema.safeParse({ ...valid, emoji: hugeCluster }).success).toBe(false)
  })
})

describe('VibeInputSchema against text attacks', () => {
  it.each(TEXT_ATTACKS)('refuses $name', ({ change, details }) => {
    expect(firstIssues({ ...VALID_VIBE, ...change })).toEqual(details)
  })

  it.each(LEGIT_TEXTS)('accepts $name', ({ change }) => {
    const input = { ...VALID_VIBE, ...change }
    expect(VibeInputSchema.parse(input)).toEqual(input)
  })
})
