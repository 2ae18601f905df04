import * as z from 'zod/mini'
import { hasEmoji } from '../text/code-points'
import { textField } from '../text/text-field'
import { EMOJI_MAX_LENGTH, STATUS_MAX_LENGTH, USERNAME_MAX_LENGTH } from './vibe-limits'

// A vibe's fields, the one schema the server validates and the forms use. Written in zod/mini:
// the browser's forms load it, and zod/mini is a fraction of classic zod's size there (ADR 028).
// The server's type provider takes any zod schema, mini or classic.

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
