import * as z from 'zod/mini'
import { textField } from '../text/text-field'
import { REPORT_NOTE_MAX_LENGTH } from './safety-limits'

// zod/mini: the report form loads it in the browser (ADR 028).

/** Why a vibe is reported: a short fixed list, so reports can be counted and sorted. */
export const REPORT_REASONS = [
  'harassment',
  'hate',
  'drugs',
  'spam',
  'impersonation',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** `POST /api/vibes/:id/reports`. */
export const ReportInputSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `Reason must be one of: ${REPORT_REASONS.join(', ')}` }),
  note: z.optional(textField('Note', REPORT_NOTE_MAX_LENGTH)),
})
export type ReportInput = z.infer<typeof ReportInputSchema>
