import type { z } from 'zod'
import type {
  AuthSessionSchema,
  AuthUserSchema,
  PendingUserSchema,
} from '../../shared/auth/auth-responses.schema'
import type { Role } from '../../shared/safety/roles'
import type { UserRow } from './users.repository'

/** A user with the roles it holds, as tokens and `/user` present it. */
export type UserWithRoles = UserRow & { roles?: readonly Role[] }

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A user as GoTrue presents it. Lists every field that leaves; the password hash never does. */
export function presentUser(user: UserWithRoles): z.infer<typeof AuthUserSchema> {
  const confirmedAt = iso(user.email_confirmed_at)
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: confirmedAt,
    confirmed_at: confirmedAt,
    phone: '',
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user.roles),
    user_metadata: {},
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: {
          email: user.email,
          email_verified: user.email_confirmed_at !== null,
          phone_verified: false,
          sub: user.id,
        },
        provider: 'email',
        last_sign_in_at: iso(user.last_sign_in_at),
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        email: user.email,
      },
    ],
    factors: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  }
}

/** GoTrue's `app_metadata`, in the user and in the access token: roles only when there are some. */
export function appMetadata(roles: readonly Role[] | undefined) {
  return {
    provider: 'email',
    providers: ['email'],
    ...(roles && roles.length > 0 ? { roles: [...roles] } : {}),
  }
}

/**
 * What sign-up answers while e-mail confirmation is on, whatever the address: a user made up at
 * this moment (a fresh id, unconfirmed, one e-mail identity, `confirmation_sent_at` now), so two
 * answers differ only in values nobody can tie to an account (ADR 018).
 */
export function presentPendingUser(
  id: string,
  email: string,
  now: number,
): z.infer<typeof PendingUserSchema> {
  return {
    ...presentUser({
      id,
      email,
      encrypted_password: '',
      email_confirmed_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    }),
    confirmation_sent_at: new Date(now).toISOString(),
  }
}

export interface IssuedSession {
  accessToken: string
  refreshToken: string
  expiresAt: number
  expiresIn: number
}

/** A session in GoTrue's shape (the spec's Auth session). */
export function presentSession(
  session: IssuedSession,
  user: UserWithRoles,
): z.infer<typeof AuthSessionSchema> {
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: session.expiresIn,
    expires_at: session.expiresAt,
    refresh_token: session.refreshToken,
    user: presentUser(user),
  }
}
