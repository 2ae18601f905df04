import type { UserRow } from './users.repository'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A user as GoTrue presents it. Lists every field that leaves; the password hash never does. */
export function presentUser(user: UserRow) {
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
    app_metadata: { provider: 'email', providers: ['email'] },
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

export type PresentedUser = ReturnType<typeof presentUser>

/**
 * What sign-up answers for an e-mail that is already taken while confirmation is on: the same
 * shape as a fresh, unconfirmed user, so the response reveals nothing about the address.
 */
export function presentObfuscatedUser(id: string, email: string, now: number): PresentedUser {
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
    identities: [],
  }
}

export interface IssuedSession {
  accessToken: string
  refreshToken: string
  expiresAt: number
  expiresIn: number
}

/** A session in GoTrue's shape (the spec's Auth session). */
export function presentSession(session: IssuedSession, user: UserRow) {
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: session.expiresIn,
    expires_at: session.expiresAt,
    refresh_token: session.refreshToken,
    user: presentUser(user),
  }
}
