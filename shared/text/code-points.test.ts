import { describe, expect, it } from 'vitest'
import { hasEmoji, hasLoneSurrogate, isBlank, mostMarksOnOneCharacter } from './code-points'

describe('hasLoneSurrogate', () => {
  it.each([
    ['20 high surrogates (the review’s username)', '\ud800'.repeat(20), true],
    ['a low surrogate alone', 'ab\udc00', true],
    ['an emoji cut in half', '🎉'.slice(0, 1), true],
    ['a low half before its high half', '\udf89\ud83c', true],
    ['whole emoji, ZWJ sequences and flags', '🎉👨‍👩‍👧🇳🇱', false],
    ['an astral letter', '𝒜𝓁𝒾𝒸ℯ', false],
    ['plain text', 'Luna', false],
  ])('%s', (_label, text, expected) => {
    expect(hasLoneSurrogate(text)).toBe(expected)
  })
})

describe('isBlank', () => {
  it.each([
    ['empty', ''],
    ['spaces, tabs and no-break spaces', ' \t\u00a0\u3000'],
    ['zero-width space, joiners, word joiner and BOM only', '\u200b\u200c\u200d\u2060\ufeff'],
    ['Hangul fillers only (U+3164)', '\u3164\u3164\u3164'],
    ['the other Hangul fillers', '\u115f\u1160\uffa0'],
    ['braille blanks only (U+2800)', '\u2800'.repeat(5)],
    ['tag characters only', '\u{E0041}\u{E0042}\u{E0043}\u{E007F}'],
    ['soft hyphen, grapheme joiner and a variation selector', '\u00ad\u034f\ufe0f'],
    ['the musical null notehead and the Khitan filler', '\u{1D159}\u{16FE4}'],
    ['a mix of all of them', ' \u200b\u3164\u2800\u{E0041}\u00a0'],
  ])('%s is blank', (_label, text) => {
    expect(isBlank(text)).toBe(true)
  })

  it.each([
    ['a letter among invisible characters', '\u200bL\u200b'],
    ['a ZWJ emoji', '👨‍👩‍👧'],
    ['a heart with its variation selector', '❤️'],
    ['a name with an inner space', 'DJ Zoë'],
    ['Hangul', '한국어'],
    ['a combining accent on its own shows', '\u0301'],
    ['a lone surrogate is not blank (another rule refuses it)', '\ud800'],
  ])('%s is not blank', (_label, text) => {
    expect(isBlank(text)).toBe(false)
  })
})

describe('hasEmoji', () => {
  it.each([
    ['a pictograph', '🎉', true],
    ['a text-style heart', '❤', true],
    ['a heart with its variation selector', '❤️', true],
    ['a ZWJ family', '👨‍👩‍👧', true],
    ['a skin tone', '👍🏽', true],
    ['a flag', '🇳🇱', true],
    ['a keycap', '1️⃣', true],
    ['a keycap without the variation selector', '#\u20e3', true],
    ['a subdivision flag (tags)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', true],
    ['one emoji among letters', 'ab🎸', true],
    ['letters', 'abcd', false],
    ['digits', '1234', false],
    ['a lone regional indicator', '🇳', false],
    ['punctuation and symbols that are not emoji', '+-*$', false],
    ['an accented letter', 'é', false],
  ])('%s', (_label, text, expected) => {
    expect(hasEmoji(text)).toBe(expected)
  })
})

describe('mostMarksOnOneCharacter', () => {
  it.each([
    ['one letter and 1,599 combining marks', `a${'\u0301'.repeat(1599)}`, 1599],
    ['marks split by zero-width joiners still stack', `a${'\u0301\u200d'.repeat(6)}`, 6],
    ['marks split by a tag character still stack', 'a\u0301\u0302\u{E0041}\u0303\u0304\u0305', 5],
    ['marks with no letter at the start', '\u0301'.repeat(5), 5],
    ['plain text', 'Luna', 0],
    ['Vietnamese, decomposed: two marks on ễ', 'Nguyễn'.normalize('NFD'), 2],
    ['Thai: a vowel and a tone mark', 'กี้', 2],
    ['Devanagari conjunct: each consonant has its own marks', 'क्ष्म्यं', 1],
    ['Hebrew with points', 'שָּׁלוֹם', 3],
    ['Arabic with vowel marks', 'مَرْحَبًا', 1],
    ['a keycap: a variation selector and the enclosing keycap', '1️⃣', 2],
    ['an emoji with two variation selectors', '👁️‍🗨️', 1],
    ['each new letter starts over', `a${'\u0301'.repeat(4)}b${'\u0301'.repeat(4)}`, 4],
  ])('%s', (_label, text, expected) => {
    expect(mostMarksOnOneCharacter(text)).toBe(expected)
  })
})
