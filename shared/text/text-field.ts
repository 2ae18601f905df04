import * as z from 'zod/mini'
import { countGraphemes } from './graphemes'
import { ONE_LINE_TEXT_RULES } from './text-rules'

/** Cap on UTF-16 code units per character allowed, so a few "characters" can't be megabytes. */
const CODE_UNITS_PER_CHARACTER = 16

/**
 * A one-line text field: trimmed, something visible in it, at most `max` characters as a person
 * counts them, none of them broken or piled high with accents. A field's first failed rule is
 * the message its form shows, so the rules run from the most basic to the most specific.
 */
export const textField = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(
    z.maxLength(max * CODE_UNITS_PER_CHARACTER, `${label} is too long`),
    z.trim(),
    ...ONE_LINE_TEXT_RULES.map((rule) => z.refine<string>(rule.holds, `${label} ${rule.problem}`)),
    z.refine(
      (value: string) => countGraphemes(value) <= max,
      `${label} can be at most ${max} characters`,
    ),
  )
