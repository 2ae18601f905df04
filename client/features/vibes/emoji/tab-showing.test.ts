import { describe, expect, it } from 'vitest'
import { tabIndexShowing } from './tab-showing'

describe('tabIndexShowing', () => {
  it.each([
    ['a Festival emoji', '🥁', 0],
    ['an Energy Levels emoji', '🔋', 0],
    ['a Moods emoji', '😎', 1],
    ['an Artsy emoji', '🌈', 1],
    ['a Gamer emoji', '🎮', 2],
    ['a custom emoji', '🦩🦩', 3],
    ['an emoji past the 8 shown in its category', '🍻', 3],
  ])('%s', (_label, emoji, expected) => {
    expect(tabIndexShowing(emoji)).toBe(expected)
  })
})
