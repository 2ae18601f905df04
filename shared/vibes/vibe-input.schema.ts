import * as z from 'zod/mini'
import { hasEmoji } from '../text/code-points'
import { countGraphemes } from '../text/graphemes'
import { ONE_LINE_TEXT_RULES } from '../text/text-rules'
import { EMOJI_MAX_LENGTH, STATUS_MAX_LENGTH, USERNAME_MAX_LENGTH } from './vibe-limits'

// A vibe's fields, the one schema the server validates and the forms use. Written in zod/mini:
// the browser's forms load it, and zod/mini is a fraction of classic zod's size there (ADR 028).
// The server's type provider takes any zod schema, mini or classic.

/** Cap on UTF-16 code units per character allowed, so a few "characters" can't be megabytes. */
const CODE_UNITS_PER_CHARACTER = 16

/**
 * A one-line text field: trimmed, something visible in it, at most `max` characters as a person
 * counts them, none of them broken or piled high with accents. A field's first failed rule is
 * the message its form shows, so the rules run from the most basic to the most specific.
 */
const textField = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(
    z.maxLength(max * CODE_UNITS_PER_CHARACTER, `${label} is too long`),
    z.trim(),
    ...ONE_LINE_TEXT_RULES.map((rule) => z.refine<string>(rule.holds, `${label} ${rule.problem}`)),
    z.refine(
      (value: string) => countGraphemes(value) <= max,
      `${label} can be at most ${max} characters`,
    ),
  )

export const UsernameSchema = textField('Username', USERNAME_MAX_LENGTH)
export const StatusSchema = textField('Vibe status', STATUS_MAX_LENGTH)
export const EmojiSchema = textField('Emoji', EMOJI_MAX_LENGTH).check(
  z.refine(hasEmoji, 'Emoji must be an emoji'),
)

/** Creating or updating a vibe. */
export const VibeInputSchema = z.object({
  username: UsernameSchema,
  emoji: EmojiSchema,
  status: StatusSchema,
})
export type VibeInput = z.infer<typeof VibeInputSchema>
