import { resolveConfusablesTransformer } from 'obscenity'

// Characters that pass for others. obscenity's table (from the maintained `confusables` data)
// takes Cyrillic, Greek, full-width, mathematical and enclosed letters to the Latin letters they
// look like; the table below adds what a person types to dodge a filter or pass for someone:
// digits and symbols for letters, and capital I for small l (lower-cased, i and l are one).
const confusable = resolveConfusablesTransformer().transform
const LOOK_ALIKES = new Map(
  Object.entries({ '0': 'o', '1': 'l', i: 'l', '|': 'l', '3': 'e', '4': 'a', '@': 'a' }).concat(
    Object.entries({ '5': 's', $: 's', '7': 't' }),
  ),
)
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u

/** One character lower-cased, unless that makes it more than one (İ). */
function lowerCase(character: string): string {
  const lower = character.toLowerCase()
  return [...lower].length === 1 ? lower : character
}

/** Decomposed, accents dropped: what `foldCharacter` expects its characters to come from. */
export const withoutAccents = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '')

/**
 * One character of accent-free text (`withoutAccents`) as it is compared: its look-alike Latin
 * letter, lower-cased, with the look-alikes above merged; undefined for what is not a letter or a
 * digit (spaces, punctuation, emoji), which comparisons skip.
 */
export function foldCharacter(codePoint: number): number | undefined {
  // Lower-cased before and after: the table maps some capitals and small letters differently.
  const lower = lowerCase(String.fromCodePoint(codePoint))
  const resolved = lowerCase(String.fromCodePoint(confusable(lower.codePointAt(0)!) ?? codePoint))
  const folded = LOOK_ALIKES.get(resolved) ?? resolved
  return LETTER_OR_DIGIT.test(folded) ? folded.codePointAt(0) : undefined
}

/**
 * Text as a person reads it, for comparison: case, accents and look-alike characters folded, and
 * everything but letters and digits left out. 'LiveAIice', 'livealice' and 'Livеalice' (a
 * Cyrillic е) all fold to the same text.
 */
export function foldText(text: string): string {
  let folded = ''
  for (const character of withoutAccents(text)) {
    const codePoint = foldCharacter(character.codePointAt(0)!)
    if (codePoint !== undefined) folded += String.fromCodePoint(codePoint)
  }
  return folded
}

/** Runs of this many single letters apart ('f.u.c.k', 'k e t') are read as one word. */
const SPELLED_OUT_RUN = 3

/**
 * Text folded as `foldText` folds it, with its words kept apart by single spaces (and one at each
 * end), so listed words can be matched as whole words: ' cocaine anyone '. Letters spelt out one
 * by one are joined back into their word.
 */
export function foldWords(text: string): string {
  const words: string[] = []
  let word = ''
  for (const character of withoutAccents(text)) {
    const codePoint = foldCharacter(character.codePointAt(0)!)
    if (codePoint !== undefined) word += String.fromCodePoint(codePoint)
    else if (word !== '') {
      words.push(word)
      word = ''
    }
  }
  if (word !== '') words.push(word)
  const joined: string[] = []
  for (let start = 0; start < words.length; ) {
    let end = start
    while (end < words.length && [...words[end]!].length === 1) end += 1
    if (end - start >= SPELLED_OUT_RUN) {
      joined.push(words.slice(start, end).join(''))
      start = end
    } else {
      joined.push(words[start]!)
      start += 1
    }
  }
  return ` ${joined.join(' ')} `
}

/**
 * The key two usernames share when one could pass for the other (`vibes.username_key`). A name
 * with no letter or digit (only emoji, say) is compared as it is, lower-cased.
 */
export function usernameKey(username: string): string {
  return foldText(username) || username.normalize('NFKC').toLowerCase()
}
