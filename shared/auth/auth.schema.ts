import { z } from 'zod'
import { hasLoneSurrogate } from '../text/code-points'

export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MIN_LENGTH = 8
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'E-mail address is too long')
  .refine((value) => !hasLoneSurrogate(value), 'E-mail address contains a broken character')
  .pipe(z.email('Enter a valid e-mail address'))

/**
 * A password may hold any character but half of a surrogate pair: hashing reads that as U+FFFD,
 * so passwords differing only in their broken characters would be one and the same.
 */
const passwordText = () =>
  z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4, 'Password is too long')
    .refine((value) => !hasLoneSurrogate(value), 'Password contains a broken character')

/** The sign-in and sign-up form. The password rules beyond "required" are the server's. */
export const CredentialsSchema = z.object({
  email: EmailSchema,
  password: passwordText().min(1, 'Enter your password'),
})

export type Credentials = z.infer<typeof CredentialsSchema>

/** GoTrue request bodies as @supabase/auth-js sends them; unknown fields are dropped. */
export const SignUpBodySchema = z.object({
  email: EmailSchema,
  password: passwordText(),
})

export const PasswordGrantBodySchema = CredentialsSchema

export const RefreshGrantBodySchema = z.object({
  refresh_token: z.string().min(1).max(200),
})

/** `POST /token`: the body of either grant; the `grant_type` query says which it must be. */
export const TokenBodySchema = z.union([PasswordGrantBodySchema, RefreshGrantBodySchema])

export const RecoverBodySchema = z.object({ email: EmailSchema })

/** `POST /resend`: only a sign-up's confirmation link is sent again (no phones, no address change). */
export const ResendBodySchema = z.object({
  email: EmailSchema,
  type: z.literal('signup', { error: 'type: only signup confirmations can be sent again' }),
})

export const UpdateUserBodySchema = z.object({
  password: passwordText().optional(),
  email: z.string().optional(),
  /** The code mailed by `GET /reauthenticate`, when the session's sign-in is not recent. */
  nonce: z.string().max(20).optional(),
})

export const RedirectQuerySchema = z.object({ redirect_to: z.string().max(2000).optional() })

export const TokenQuerySchema = z.object({
  grant_type: z.string(),
})

export const LogoutQuerySchema = z.object({
  scope: z.enum(['global', 'local', 'others']).default('global'),
})

export const VerifyQuerySchema = z.object({
  token: z.string().max(200).default(''),
  type: z.string().max(30).default(''),
  redirect_to: z.string().max(2000).optional(),
})
