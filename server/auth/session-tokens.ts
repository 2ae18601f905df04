import { createHmac, randomUUID } from 'node:crypto'
import { type WriteHandle, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import { signAccessToken, verifyAccessToken } from './access-token'
import type { AuthDeps, AuthUser, RequestMeta } from './auth-deps'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import {
  claimAndReplaceRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  rotateRefreshToken,
} from './sessions.repository'
import { appMetadata, type IssuedSession, type UserWithRoles } from './user.presenter'
import { findRoles } from './user-roles.repository'
import type { UserRow } from './users.repository'
import { VerifiedTokens } from './verified-tokens'

// A replay inside the reuse window follows at most this many refreshes made since.
const MAX_SUCCESSOR_STEPS = 5

/** Issues access and refresh tokens and checks access tokens: the part of auth every request touches. */
export class SessionTokens {
  private readonly successorKey: Buffer
  private readonly verified: VerifiedTokens
  readonly issuer: string

  constructor(private readonly deps: AuthDeps) {
    this.successorKey = createHmac('sha256', deps.signingKey).update('refresh-successor').digest()
    this.issuer = `${deps.config.PUBLIC_URL ?? 'vibeconnect'}/auth/v1`
    this.verified = new VerifiedTokens(deps.now)
  }

  /**
   * Starts a session with its first refresh token, in the caller's transaction; the access token
   * is signed once it committed (`sign`).
   */
  async start(trx: WriteHandle, user: UserWithRoles, meta: RequestMeta | undefined) {
    const issuedAt = this.deps.now()
    const sessionId = randomUUID()
    const refreshToken = generateOpaqueToken()
    await this.deps.sessions.start(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: issuedAt,
      refreshed_at: issuedAt,
      user_agent: meta?.userAgent?.slice(0, 300) ?? null,
      ip: meta?.ip ?? null,
    })
    await this.storeRefreshToken(trx, user, sessionId, refreshToken, undefined, issuedAt)
    return { user, sessionId, refreshToken, issuedAt }
  }

  /** Starts a session in a transaction of its own and signs its first access token. */
  async issue(user: UserWithRoles, meta?: RequestMeta): Promise<IssuedSession> {
    const started = await writeTransaction(this.deps.database, (trx) => this.start(trx, user, meta))
    return this.sign(started)
  }

  /**
   * The refresh token that follows `refreshToken`: derived from it with a server key, so the same
   * parent always has the same successor. A replay within the reuse window then gets the token the
   * first refresh issued, as GoTrue answers, instead of minting another valid sibling each time.
   */
  successorOf(refreshToken: string): string {
    return createHmac('sha256', this.successorKey).update(refreshToken).digest('base64url')
  }

  /**
   * Continues a session with the parent's successor: claims the parent if it is unused, touches
   * the session and stores the successor, in one commit (one fsync on SQLite; one prepared
   * statement on PostgreSQL, ADR 020). Null when nothing was claimed (unknown, or used already).
   */
  async rotate(
    parentToken: string,
  ): Promise<{ session: IssuedSession; user: UserWithRoles } | null> {
    const { database } = this.deps
    const issuedAt = this.deps.now()
    const refreshToken = this.successorOf(parentToken)
    const parentHash = hashOpaqueToken(parentToken)
    const successor = { token_hash: hashOpaqueToken(refreshToken), created_at: issuedAt }
    const rotated = database.pool
      ? await claimAndReplaceRefreshToken(database.pool, parentHash, successor, issuedAt)
      : await writeTransaction(database, (trx) =>
          rotateRefreshToken(trx, parentHash, successor, issuedAt),
        )
    if (!rotated) return null
    const { user, sessionId } = rotated
    return { session: this.sign({ user, sessionId, refreshToken, issuedAt }), user }
  }

  /**
   * A used token replayed within the reuse window (two tabs refreshing together): the session's
   * newest token along the used token's line, with a fresh access token. Null when that line
   * ends in no unused token of this session (it was revoked).
   */
  async reissueSuccessor(
    user: UserRow,
    sessionId: string,
    usedToken: string,
  ): Promise<IssuedSession | null> {
    let token = usedToken
    const withRoles = { ...user, roles: await findRoles(this.deps.database.db, user.id) }
    for (let step = 0; step < MAX_SUCCESSOR_STEPS; step += 1) {
      token = this.successorOf(token)
      const row = await findRefreshToken(this.deps.database.db, hashOpaqueToken(token))
      if (!row || row.session_id !== sessionId) return null
      if (row.used_at === null) {
        return this.sign({
          user: withRoles,
          sessionId,
          refreshToken: token,
          issuedAt: this.deps.now(),
        })
      }
    }
    return null
  }

  /** Signs the access token of a session that is stored. */
  sign(session: {
    user: UserWithRoles
    sessionId: string
    refreshToken: string
    issuedAt: number
  }): IssuedSession {
    const { config } = this.deps
    const { user, sessionId, refreshToken, issuedAt } = session
    const { token, expiresAt } = signAccessToken(
      this.deps.signingKey,
      {
        sub: user.id,
        email: user.email,
        role: 'authenticated',
        session_id: sessionId,
        app_metadata: appMetadata(user.roles),
      },
      issuedAt,
      config.AUTH_JWT_EXPIRY,
      this.issuer,
    )
    return { accessToken: token, refreshToken, expiresAt, expiresIn: config.AUTH_JWT_EXPIRY }
  }

  /**
   * Checks a bearer token: signature, issuer, expiry, and that its session still exists, so a
   * sign-out on any instance takes effect on the next request. With `trustRecent`, a session
   * found active in the last minute is not read again (the data API, ADR 015).
   */
  async authenticate(authorization: string | undefined, trustRecent = false): Promise<AuthUser> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1]
    if (!token) {
      throw new AppError(401, 'no_authorization', 'This endpoint requires a Bearer token')
    }
    return this.authenticateToken(token, trustRecent)
  }

  /** `authenticate` for a token given bare (the live channel's `auth` message). */
  async authenticateToken(
    token: string,
    trustRecent = false,
  ): Promise<AuthUser & { expiresAtMs: number }> {
    const now = this.deps.now()
    const { claims, expiresAtMs } = this.verified.check(token, now, () =>
      verifyAccessToken(this.deps.signingKey, token, now, this.issuer),
    )
    const user = { id: claims.sub, email: claims.email, sessionId: claims.session_id }
    if (!(await this.deps.sessions.isActive(user.sessionId, user.id, trustRecent))) {
      throw new AppError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      )
    }
    return { ...user, expiresAtMs }
  }

  private storeRefreshToken(
    trx: WriteHandle,
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
}
