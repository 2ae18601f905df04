import { z } from 'zod'

/** A stage's code as typed or scanned: letters and digits, spaces and dashes ignored. */
export const STAGE_CODE_LENGTH = 6

export const StageCheckInInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Type the code shown at the stage')
    .max(20, 'A stage code is 6 letters and digits'),
})
export type StageCheckInInput = z.infer<typeof StageCheckInInputSchema>

/** An invite link's code: letters and digits only (anything else never reaches the database). */
export const InviteAcceptInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,40}$/, 'This invite link is not valid. Ask your friend for a new one.'),
})

const GrantSchema = z.object({
  sessionMinutes: z.number().int(),
  devices: z.number().int(),
  /** MB per WiFi session; 0 for no quota. */
  dataQuotaMb: z.number().int(),
})

/** One quest's badge, earned or not, as the badge grid shows it. */
export const BadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How to earn it. */
  description: z.string(),
  points: z.number().int(),
  /** When it was earned (ISO), or null while locked. */
  earnedAt: z.string().nullable(),
  /** Where a counted quest stands (days, stages, friends); null for one-off quests. */
  progress: z.object({ current: z.number().int(), target: z.number().int() }).nullable(),
  /** Daily vibe only: festival days in a row up to today. */
  streak: z.number().int().optional(),
})
export type Badge = z.infer<typeof BadgeSchema>

/** My game: level, points, what my level grants and what the next one would. */
export const GameStateSchema = z.object({
  level: z.number().int(),
  points: z.number().int(),
  grant: GrantSchema,
  next: z
    .object({
      level: z.number().int(),
      points: z.number().int(),
      grant: GrantSchema,
      /** What would get me there, e.g. "2 more stages". */
      hint: z.string(),
    })
    .nullable(),
  badges: z.array(BadgeSchema),
  /** My invite link (and QR); friends who sign up through it and set a vibe join my crew. */
  inviteUrl: z.string(),
})
export type GameState = z.infer<typeof GameStateSchema>

export const StageCheckInSchema = z.object({ stage: z.string(), game: GameStateSchema })
export type StageCheckIn = z.infer<typeof StageCheckInSchema>

export const InviteAcceptSchema = z.object({
  /** True when this account is now on the inviter's list (false: it already was). */
  accepted: z.boolean(),
})
