import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Config } from '../config/config'
import { type AppDatabase, writeTransaction } from '../db/database'
import type { Database } from '../db/schema'
import type { ChangeBus } from '../events/change-bus'
import { AppError } from '../http/app-error'
import type { Mailer } from '../mail/mailer'
import type { RateLimiter } from '../rate-limit/rate-limiter'
import { type AccessTokenClaims, signAccessToken, verifyAccessToken } from './access-token'
import { sessionsEnded } from './ended-sessions'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import type { RecentSessions } from './recent-sessions'
import {
  claimAndReplaceRefreshToken,
  deleteSession,
  insertRefreshToken,
  insertSession,
  sessionIsActive,
} from './sessions.repository'
import type { IssuedSession } from './user.presenter'
import type { UserRow } from './users.repository'
import { VerifiedTokens } from './verified-tokens'

export interface AuthDeps {
  database: AppDatabase
  config: Config
  signingKey: Uint8Array
  mailer: Mailer
  limiter: RateLimiter
  changes: ChangeBus
  /** Sessions recently found active; told of every deletion after it commits (ADR 015). */
  recentSessions: RecentSessions
  now: () => number
}

export interface RequestMeta {
  ip: string
  userAgent: string | undefined
  /** The site's origin: PUBLIC_URL, or the address the server listens on (never a request header). */
  siteUrl: string
}

/** The signed-in caller, as every data endpoint sees it. */
export interface AuthUser {
  id: string
  email: string
  sessionId: string
}

/** Issues access tokens and checks them: the part of auth every request touches. */
export class SessionTokens {
  // Per instance, so per signing key: a token is only ever trusted under the key that checked it.
  private readonly verifiedTokens = new VerifiedTokens()

  constructor(private readonly deps: AuthDeps) {}

  get issuer() {
    return `${this.deps.config.PUBLIC_URL ?? 'vibeconnect'}/auth/v1`
  }

  /** Starts a session (or continues `sessionId`) with a fresh refresh token and access token. */
  async issue(
    user: UserRow,
    options: { sessionId?: string; parentHash?: string; meta?: RequestMeta } = {},
  ): Promise<IssuedSession> {
    const issuedAt = this.deps.now()
    const sessionId = options.sessionId ?? randomUUID()
    const refreshToken = generateOpaqueToken()
    await writeTransaction(this.deps.database, async (trx) => {
      if (!options.sessionId) {
        await insertSession(trx, {
          id: sessionId,
          user_id: user.id,
          created_at: issuedAt,
          refreshed_at: issuedAt,
          user_agent: options.meta?.userAgent?.slice(0, 300) ?? null,
          ip: options.meta?.ip ?? null,
        })
      }
      await this.storeRefreshToken(trx, user, sessionId, refreshToken, options.parentHash, issuedAt)
    })
    return this.sign(user, sessionId, refreshToken, issuedAt)
  }

  /**
   * Continues a session with a new refresh token, stored in the same transaction as `claim`, which
   * marks the old one used: one commit (one fsync on SQLite) per refresh. When `claim` answers
   * false, what it did is committed (a session it revoked stays revoked) and nothing is issued.
   */
  async rotate(
    user: UserRow,
    sessionId: string,
    parentHash: string,
    claim: (trx: Transaction<Database> | Kysely<Database>) => Promise<boolean>,
  ): Promise<IssuedSession | null> {
    const issuedAt = this.deps.now()
    const refreshToken = generateOpaqueToken()
    const claimed = await writeTransaction(this.deps.database, async (trx) => {
      if (!(await claim(trx))) return false
      await this.storeRefreshToken(trx, user, sessionId, refreshToken, parentHash, issuedAt)
      return true
    })
    return claimed ? this.sign(user, sessionId, refreshToken, issuedAt) : null
  }

  /**
   * The common refresh on PostgreSQL: the token is unused, so claiming it, touching the session,
   * storing the successor and reading the user go to the database as one statement. Null when
   * that stored nothing (unknown, used already, session gone): the general path decides.
   */
  async rotateUnused(
    parentHash: string,
  ): Promise<{ session: IssuedSession; user: UserRow } | null> {
    const { pool } = this.deps.database
    if (!pool) return null
    const issuedAt = this.deps.now()
    const refreshToken = generateOpaqueToken()
    const stored = await claimAndReplaceRefreshToken(
      pool,
      parentHash,
      { token_hash: hashOpaqueToken(refreshToken), created_at: issuedAt },
      issuedAt,
    )
    if (!stored) return null
    const session = this.sign(stored.user, stored.sessionId, refreshToken, issuedAt)
    return { session, user: stored.user }
  }

  private storeRefreshToken(
    trx: Transaction<Database> | Kysely<Database>,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    parentHash: string | undefined,
    issuedAt: number,
  ) {
    return insertRefreshToken(trx, {
      token_hash: hashOpaqueToken(refreshToken),
      session_id: sessionId,
      user_id: user.id,
      parent_hash: parentHash ?? null,
      created_at: issuedAt,
      used_at: null,
    })
  }

  private sign(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    issuedAt: number,
  ): IssuedSession {
    const { config } = this.deps
    const { token, expiresAt } = signAccessToken(
      this.deps.signingKey,
      { sub: user.id, email: user.email, role: 'authenticated', session_id: sessionId },
      issuedAt,
      config.AUTH_JWT_EXPIRY,
      this.issuer,
    )
    return { accessToken: token, refreshToken, expiresAt, expiresIn: config.AUTH_JWT_EXPIRY }
  }

  /**
   * Checks a bearer token: signature, expiry, and that its session still exists, so a sign-out
   * on any instance takes effect on the next request. With `recentSessionCheck`, a session found
   * active in the last minute is not read again (the data API, ADR 015): a sign-out then takes
   * effect here at once and on other instances when the database's notification arrives.
   */
  async authenticate(
    authorization: string | undefined,
    options: { recentSessionCheck?: boolean } = {},
  ): Promise<AuthUser> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) {
      throw new AppError(401, 'no_authorization', 'This endpoint requires a Bearer token')
    }
    const claims = await this.verify(token)
    const user = { id: claims.sub, email: claims.email, sessionId: claims.session_id }
    const { recentSessions, database } = this.deps
    if (options.recentSessionCheck && recentSessions.has(user.sessionId, user.id)) return user
    const remember = recentSessions.beginCheck()
    if (!(await sessionIsActive(database.db, user.sessionId, user.id))) {
      throw new AppError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      )
    }
    remember(user.sessionId, user.id)
    return user
  }

  private async verify(token: string): Promise<AccessTokenClaims> {
    const now = this.deps.now()
    const known = this.verifiedTokens.get(token, now)
    if (known) return known
    const verified = await verifyAccessToken(this.deps.signingKey, token, now)
    this.verifiedTokens.remember(token, verified)
    return verified.claims
  }

  async revoke(sessionId: string): Promise<void> {
    sessionsEnded(this.deps, await deleteSession(this.deps.database.db, sessionId))
  }
}
