import { describe, expect, it } from 'vitest'
import { VibeInputSchema } from './vibe.schema'

const valid = { username: 'Luna', emoji: '🎉', status: 'Front row for the headliner!' }

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
    const result = VibeInputSchema.safeParse({
      username: '   ',
      emoji: 'a\u202Eb',
      status: 'x'.repeat(101),
    })
    expect(result.success).toBe(false)
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]))
    expect(fields).toEqual({
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
