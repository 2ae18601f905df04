const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Characters as a person counts them: one flag, one family emoji or one é is one. */
export function countGraphemes(text: string): number {
  let count = 0
  for (const _ of segmenter.segment(text)) count += 1
  return count
}

/** The first `max` characters, never splitting a grapheme cluster. */
export function truncateGraphemes(text: string, max: number): string {
  let result = ''
  let count = 0
  for (const { segment } of segmenter.segment(text)) {
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
