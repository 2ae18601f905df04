import { describe, expect, it } from 'vitest'
import { countGraphemes } from '../../../../shared/text/graphemes'
import { EmojiSchema } from '../../../../shared/vibes/vibe.schema'
import { EMOJI_TABS, EMOJIS_PER_CATEGORY, POPULAR_EMOJIS } from './emoji-catalog'

const categories = EMOJI_TABS.flatMap((tab) => tab.categories)
const everyOption = [...categories.flatMap((category) => category.emojis), ...POPULAR_EMOJIS]

describe('the emoji catalog', () => {
  it('has the spec tabs and categories', () => {
    expect(EMOJI_TABS.map((tab) => [tab.label, tab.categories.map((c) => c.title)])).toEqual([
      ['Festival', ['Festival Vibes', 'Energy Levels']],
      ['Moods', ['Moods', 'Artsy']],
      ['Roles', ['Content Creator', 'Raver', 'Gamer']],
    ])
  })

  it('has more than 8 emojis per category, none repeated within a category', () => {
    for (const category of categories) {
      expect(category.emojis.length, category.title).toBeGreaterThan(EMOJIS_PER_CATEGORY)
      expect(new Set(category.emojis.map((o) => o.emoji)).size).toBe(category.emojis.length)
    }
  })

  it('has 10 distinct popular emojis', () => {
    expect(new Set(POPULAR_EMOJIS.map((option) => option.emoji)).size).toBe(10)
  })

  it('offers only single emojis the server accepts, each with a name', () => {
    for (const option of everyOption) {
      expect(countGraphemes(option.emoji), option.name).toBe(1)
      expect(EmojiSchema.safeParse(option.emoji).success, option.name).toBe(true)
      expect(option.name.trim()).not.toBe('')
    }
  })
})
