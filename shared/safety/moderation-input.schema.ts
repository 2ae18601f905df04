import * as z from 'zod/mini'
import { textField } from '../text/text-field'
import { MODERATION_REASON_MAX_LENGTH, SUSPENSION_MAX_HOURS } from './safety-limits'

// zod/mini: the moderation page's forms load these in the browser (ADR 028).

const reason = textField('Reason', MODERATION_REASON_MAX_LENGTH)

/** `POST /api/moderation/vibes/:id/remove`: the reason its author is shown. */
export const RemoveVibeInputSchema = z.strictObject({ reason })
export type RemoveVibeInput = z.infer<typeof RemoveVibeInputSchema>

/** `POST /api/moderation/vibes/:id/restore`: a reason is optional (for the audit log). */
export const RestoreVibeInputSchema = z.nullish(z.strictObject({ reason: z.optional(reason) }))
export type RestoreVibeInput = z.infer<typeof RestoreVibeInputSchema>

/** `POST /api/moderation/users/:id/suspend`. */
export const SuspendInputSchema = z.strictObject({
  hours: z
    .number({ error: 'Hours must be a whole number' })
    .check(
      z.int('Hours must be a whole number'),
      z.minimum(1, 'Hours must be at least 1'),
      z.maximum(SUSPENSION_MAX_HOURS, `Hours can be at most ${SUSPENSION_MAX_HOURS}`),
    ),
  reason,
})
export type SuspendInput = z.infer<typeof SuspendInputSchema>

/** `POST /api/moderation/users/:id/lift-suspension`: a reason is optional. */
export const LiftSuspensionInputSchema = z.nullish(z.strictObject({ reason: z.optional(reason) }))
export type LiftSuspensionInput = z.infer<typeof LiftSuspensionInputSchema>
