import { z } from 'zod'

// Blocks (docs/privacy.md): after I block someone, neither of us sees the other's vibe, shared
// picks or follows. Only the blocker can lift a block.

/** `POST /api/blocks`: whom to block (their user id, as their feed entry carries it). */
export const BlockInputSchema = z.strictObject({ userId: z.uuid('This is not a person') })
export type BlockInput = z.infer<typeof BlockInputSchema>

export const BlockedParamsSchema = z.object({ userId: z.uuid('This is not a person') })

/** Someone I blocked, as the app shows people (their vibe's name and emoji, if they have one). */
export const BlockedPersonSchema = z.object({
  userId: z.string(),
  username: z.string(),
  emoji: z.string(),
  blockedAt: z.iso.datetime(),
})
export type BlockedPerson = z.infer<typeof BlockedPersonSchema>

/** `GET /api/blocks`: the people I blocked, most recent first. */
export const BlockListSchema = z.object({ blocked: z.array(BlockedPersonSchema) })
export type BlockList = z.infer<typeof BlockListSchema>
