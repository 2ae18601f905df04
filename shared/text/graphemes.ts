// Built on first use, not at import: the first Segmenter loads ICU's break rules, ~25 ms on a
// laptop and four times that on a slow phone, which screens that never count characters skip.
let segmenter: Intl.Segmenter | undefined

function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return segmenter.segment(text)
}

/** Characters as a person counts them: one flag, one family emoji or one é is one. */
export function countGraphemes(text: string): number {
  let count = 0
  for (const _ of graphemes(text)) count += 1
  return count
}

/** Most code points allowed in one character; the longest standard emoji (👩🏻‍❤️‍💋‍👨🏼) has 10. */
export const CHARACTER_MAX_CODE_POINTS = 16

/**
 * Code points in the text's longest character. Joiners chain emoji, Hangul jamo and Indic
 * consonants into one grapheme cluster of any length, so one "character" could be kilobytes.
 */
export function mostCodePointsInOneCharacter(text: string): number {
  let most = 0
  for (const { segment } of graphemes(text)) most = Math.max(most, [...segment].length)
  return most
}

/** The first `max` characters, never splitting a grapheme cluster. */
export function truncateGraphemes(text: string, max: number): string {
  let result = ''
  let count = 0
  for (const { segment } of graphemes(text)) {
    if (count === max) break
    result += segment
    count += 1
  }
  return result
}

// C0/C1 controls (tab and newline included: these are one-line fields) and the bidi
// overrides and isolates that can make text display in a misleading order.
const FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u

/** True when the text contains control characters or bidirectional overrides. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text)
}
