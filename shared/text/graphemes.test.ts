import { describe, expect, it } from 'vitest'
import {
  countGraphemes,
  hasForbiddenCharacters,
  mostCodePointsInOneCharacter,
  truncateGraphemes,
} from './graphemes'

describe('countGraphemes', () => {
  it.each([
    ['plain ascii', 'vibes', 5],
    ['a flag is one character', '🇳🇱', 1],
    ['a skin tone modifier stays with its emoji', '👍🏽', 1],
    ['a ZWJ family is one character', '👨‍👩‍👧‍👦', 1],
    ['combining accents join their letter', 'e\u0301', 1],
    ['mixed', 'DJ 🎧🇧🇷', 5],
    ['empty', '', 0],
  ])('%s', (_label, text, expected) => {
    expect(countGraphemes(text)).toBe(expected)
  })
})

describe('mostCodePointsInOneCharacter', () => {
  it.each([
    ['plain ascii', 'vibes', 1],
    ['a kiss with two skin tones, the longest standard emoji', '👩🏻‍❤️‍💋‍👨🏼', 10],
    ['a subdivision flag', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 7],
    ['a family', 'hi 👨‍👩‍👧‍👦', 7],
    ['a Devanagari conjunct', 'क्ष्म्यं', 8],
    ['31 men chained by joiners are one character', `${'👨\u200d'.repeat(30)}👨`, 61],
    ['one letter and 1,599 combining marks', `a${'\u0301'.repeat(1599)}`, 1600],
    ['empty', '', 0],
  ])('%s', (_label, text, expected) => {
    expect(mostCodePointsInOneCharacter(text)).toBe(expected)
  })
})

describe('truncateGraphemes', () => {
  it('never splits a cluster', () => {
    expect(truncateGraphemes('👨‍👩‍👧‍👦🇳🇱abc', 2)).toBe('👨‍👩‍👧‍👦🇳🇱')
    expect(truncateGraphemes('ab', 5)).toBe('ab')
  })
})

describe('hasForbiddenCharacters', () => {
  it.each([
    ['a newline', 'a\nb', true],
    ['a NUL', 'a\u0000b', true],
    ['a C1 control', 'a\u0085b', true],
    ['a right-to-left override', 'evil\u202Etxt.exe', true],
    ['a bidi isolate', '\u2067x', true],
    ['emoji with ZWJ and variation selectors', '❤️‍🔥', false],
    ['accents and scripts', 'Zoë 東京 مرحبا', false],
  ])('%s', (_label, text, expected) => {
    expect(hasForbiddenCharacters(text)).toBe(expected)
  })
})
