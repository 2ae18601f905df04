// How npm test's last lines name what failed (scripts/test.mjs): each name with the first lines of
// its error, so a long log's tail (CI may keep only the tail) says what broke and why.
import { stripVTControlCharacters } from 'node:util'

/** The first lines of an error's text, without terminal colours: enough to see why. */
const errorExcerpt = (text) =>
  stripVTControlCharacters(String(text))
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 8)
    .join('\n')
    .slice(0, 1200)

/** The first line of an error's text that says something. */
export const firstLine = (text) =>
  stripVTControlCharacters(String(text))
    .split('\n')
    .find((line) => line.trim()) ?? ''

/**
 * A heading, then the names, each with the start of its error indented under it (for a fuzz
 * property, its seed).
 */
export function namesWithErrors(heading, names, errors) {
  const lines = [`\n${heading}`]
  for (const name of names) {
    lines.push(`  ${name}`)
    const error = errorExcerpt(errors.get(name) ?? '')
    if (error) lines.push(error.replace(/^/gm, '      '))
  }
  return lines.join('\n')
}
