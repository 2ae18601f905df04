import { z } from 'zod'
import {
  CHARACTER_MAX_MARKS,
  hasEmoji,
  hasLoneSurrogate,
  isBlank,
  mostMarksOnOneCharacter,
} from '../text/code-points'
import {
  CHARACTER_MAX_CODE_POINTS,
  countGraphemes,
  hasForbiddenCharacters,
  mostCodePointsInOneCharacter,
} from '../text/graphemes'
import {
  EMOJI_MAX_LENGTH,
  FEED_PAGE_MAX,
  FEED_PAGE_SIZE,
  STATUS_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './vibe-limits'

// The numbers live apart, free of zod, for the browser's first screens (ADR 016).
export * from './vibe-limits'

/** Cap on UTF-16 code units per character allowed, so a few "characters" can't be megabytes. */
const CODE_UNITS_PER_CHARACTER = 16

/**
 * A one-line text field: trimmed, something visible in it, at most `max` characters as a person
 * counts them, none of them broken or piled high with accents. A field's first failed rule is
 * the message its form shows, so the rules run from the most basic to the most specific.
 */
const textField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .max(max * CODE_UNITS_PER_CHARACTER, `${label} is too long`)
    .trim()
    .refine((value) => !hasLoneSurrogate(value), `${label} contains a broken character`)
    .refine((value) => !isBlank(value), `${label} can't be blank`)
    .refine(
      (value) => !hasForbiddenCharacters(value),
      `${label} contains characters that aren't allowed`,
    )
    .refine(
      (value) => mostMarksOnOneCharacter(value) <= CHARACTER_MAX_MARKS,
      `${label} has too many accents on one character`,
    )
    .refine(
      (value) => mostCodePointsInOneCharacter(value) <= CHARACTER_MAX_CODE_POINTS,
      `${label} has a character made of too many parts`,
    )
    .refine((value) => countGraphemes(value) <= max, `${label} can be at most ${max} characters`)

export const UsernameSchema = textField('Username', USERNAME_MAX_LENGTH)
export const StatusSchema = textField('Vibe status', STATUS_MAX_LENGTH)
export const EmojiSchema = textField('Emoji', EMOJI_MAX_LENGTH).refine(
  hasEmoji,
  'Emoji must be an emoji',
)

/** Creating or updating a vibe: the one schema the server validates and the forms use. */
export const VibeInputSchema = z.object({
  username: UsernameSchema,
  emoji: EmojiSchema,
  status: StatusSchema,
})
export type VibeInput = z.infer<typeof VibeInputSchema>

/** A vibe as the API presents it. Times are ISO-8601 UTC. */
export const VibeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  emoji: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Vibe = z.infer<typeof VibeSchema>

export const FeedQuerySchema = z.object({
  /** Opaque keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
})

export const FeedPageSchema = z.object({
  vibes: z.array(VibeSchema),
  nextCursor: z.string().nullable(),
})
export type FeedPage = z.infer<typeof FeedPageSchema>

export const MyVibeSchema = z.object({ vibe: VibeSchema.nullable() })
export type MyVibe = z.infer<typeof MyVibeSchema>
export const VibeResponseSchema = z.object({ vibe: VibeSchema })
export type VibeResponse = z.infer<typeof VibeResponseSchema>
export const UserCountSchema = z.object({ count: z.number().int().min(0) })
export type UserCount = z.infer<typeof UserCountSchema>
// Ids are UUIDs; anything outside this alphabet (a NUL byte, say, which PostgreSQL cannot even
// compare) is refused as invalid rather than looked up.
export const VibeIdParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, 'This is not a vibe id'),
})
