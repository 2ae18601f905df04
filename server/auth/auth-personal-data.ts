import type { AppDatabase } from '../db/database'
import { listOneTimeTokensOf } from './one-time-tokens.repository'
import { countRefreshTokensOf, listSessionsOf } from './sessions.repository'
import { findRoles } from './user-roles.repository'
import { findUserById } from './users.repository'

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString()

/**
 * My account for my data export (docs/privacy.md): its fields but the password hash, my sessions
 * (when, which browser, from which address) and my mailed links and codes, without the hashes
 * that would let them be used. Refresh tokens are credentials: only how many there are.
 */
export async function authPersonalData(database: AppDatabase, userId: string) {
  const { db } = database
  const [user, sessions, links, refreshTokens, roles] = await Promise.all([
    findUserById(db, userId),
    listSessionsOf(db, userId),
    listOneTimeTokensOf(db, userId),
    countRefreshTokensOf(db, userId),
    findRoles(db, userId),
  ])
  if (!user) return undefined
  return {
    account: {
      id: user.id,
      email: user.email,
      emailConfirmedAt: iso(user.email_confirmed_at),
      lastSignInAt: iso(user.last_sign_in_at),
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
      roles,
    },
    sessions: sessions.map((session) => ({
      createdAt: iso(session.created_at),
      lastRefreshedAt: iso(session.refreshed_at),
      userAgent: session.user_agent,
      ip: session.ip,
    })),
    refreshTokensCount: refreshTokens,
    emailLinksAndCodes: links.map((link) => ({
      kind: link.kind,
      createdAt: iso(link.created_at),
      expiresAt: iso(link.expires_at),
      usedAt: iso(link.used_at),
    })),
  }
}
