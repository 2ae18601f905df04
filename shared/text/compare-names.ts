// Names of plain letters, digits and spaces: English collation orders them as lower-cased code
// points, ties going to the lower-case spelling. Anything else is left to ICU.
const PLAIN = /^[A-Za-z0-9 ]*$/

/**
 * Orders names (stages, artists) as `a.localeCompare(b, 'en')` does, without ICU for plain
 * names: the first locale comparison in a page loads ICU's collation data, ~45 ms of a start's
 * main thread on the shared machines unthrottled (~180 ms on Lighthouse's phone), to sort a
 * festival's ten stage names. Names with accents or punctuation still go to ICU.
 */
export function compareNames(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return a.localeCompare(b, 'en')
  const lowerA = a.toLowerCase()
  const lowerB = b.toLowerCase()
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1
  // Same letters: the first case difference decides, lower case first ('a' sorts before 'A').
  if (a === b) return 0
  return a > b ? -1 : 1
}
