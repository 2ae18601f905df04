import { z } from 'zod'
import { ErrorEnvelopeSchema } from '../api/error-envelope'
import { ROLES } from '../safety/roles'

// GoTrue's answers, as @supabase/auth-js reads them. The server serializes through these, so
// only the listed fields can leave (never a password hash).

const isoTime = z.string()

export const UserIdentitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.object({
    email: z.string(),
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
    sub: z.string(),
  }),
  provider: z.literal('email'),
  last_sign_in_at: isoTime.nullable(),
  created_at: isoTime.nullable(),
  updated_at: isoTime.nullable(),
  email: z.string(),
})

export const AuthUserSchema = z.object({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: isoTime.nullable(),
  confirmed_at: isoTime.nullable(),
  phone: z.string(),
  last_sign_in_at: isoTime.nullable(),
  app_metadata: z.object({
    provider: z.string(),
    providers: z.array(z.string()),
    /** Roles beyond "user" (moderator, organiser), as GoTrue carries claims; absent for none. */
    roles: z.array(z.enum(ROLES)).optional(),
  }),
  user_metadata: z.object({}),
  identities: z.array(UserIdentitySchema),
  factors: z.array(z.never()),
  created_at: isoTime.nullable(),
  updated_at: isoTime.nullable(),
  is_anonymous: z.boolean(),
})

/** Sign-up while e-mail confirmation is on: a pending user (ADR 018). */
export const PendingUserSchema = AuthUserSchema.extend({ confirmation_sent_at: isoTime })

export const AuthSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: AuthUserSchema,
})

export const AuthSettingsSchema = z.object({
  external: z.object({ email: z.boolean(), phone: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
})

export const EmptyObjectSchema = z.object({})

/** Auth errors carry GoTrue's extra fields, which auth-js reads (a weak password's reasons). */
export const AuthErrorSchema = ErrorEnvelopeSchema.extend({
  weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
})
