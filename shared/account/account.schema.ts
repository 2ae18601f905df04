import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '../auth/auth.schema'

/**
 * `DELETE /api/account`: the proof that it is me beyond the access token, as a password change
 * asks: my password, or the mailed reauthentication code (`nonce`), or neither within a few
 * minutes of signing in on this device (docs/privacy.md).
 */
export const DeleteAccountSchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  nonce: z.string().min(1).max(20).optional(),
})
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>

/** The `format` of my data export's JSON, bumped when its shape changes. */
export const PERSONAL_DATA_FORMAT = 'vibeconnect-personal-data/1'
