import { z } from 'zod'
import { ERROR_CODES } from './error-codes'

export { ERROR_CODES, type ErrorCode } from './error-codes'

/** The one JSON shape of every error response. `details` maps a field to its problem. */
export const ErrorEnvelopeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
})

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>
