import { z } from 'zod'

// The inputs (a vibe's fields) are in zod/mini, for the browser's forms (ADR 028); the answers
// below are the server's own.
export * from './vibe-input.schema'
// The numbers live apart, free of zod, for the browser's first screens (ADR 016).
export * from './vibe-limits'

import { FEED_PAGE_MAX, FEED_PAGE_SIZE } from './vibe-limits'

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

/**
 * Where a vibe stands with the moderators, told to its author only: `hidden` after enough reports
 * (pending review, out of everyone else's feed), `removed` by a moderator with the reason shown.
 */
export const VIBE_MODERATION_STATES = ['visible', 'hidden', 'removed'] as const
export const VibeModerationSchema = z.object({
  state: z.enum(VIBE_MODERATION_STATES),
  /** A moderator's reason for a removal; null otherwise. */
  reason: z.string().nullable(),
})
export type VibeModeration = z.infer<typeof VibeModerationSchema>

/** A vibe as its author sees it: with its moderation state (docs/safety.md). */
export const OwnVibeSchema = VibeSchema.extend({ moderation: VibeModerationSchema })
export type OwnVibe = z.infer<typeof OwnVibeSchema>

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

export const MyVibeSchema = z.object({ vibe: OwnVibeSchema.nullable() })
export type MyVibe = z.infer<typeof MyVibeSchema>
export const VibeResponseSchema = z.object({ vibe: OwnVibeSchema })
export type VibeResponse = z.infer<typeof VibeResponseSchema>
export const UserCountSchema = z.object({ count: z.number().int().min(0) })
export type UserCount = z.infer<typeof UserCountSchema>
// Ids are UUIDs; anything outside this alphabet (a NUL byte, say, which PostgreSQL cannot even
// compare) is refused as invalid rather than looked up.
export const VibeIdParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, 'This is not a vibe id'),
})
