import { createHmac } from 'node:crypto'
import type { Role } from '../../shared/safety/roles'
import { writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import type { AuthDeps, AuthUser, RequestMeta } from './auth-deps'
import { authPersonalData } from './auth-personal-data'
import { requestConfirmationResend, requestRecovery, verifyEmailLink } from './email-links'
import { sendReauthenticationCode } from './reauthentication'
import { hitAddressLimit, hitClientLimits, hitEmailLimit } from './request-limits'
import { SessionTokens } from './session-tokens'
import type { Sessions } from './sessions'
import { signUp } from './sign-up'
import { loadKeptSecret } from './signing-key'
import { checkPassword, passwordGrant, refreshTokenGrant } from './token-grants'
import { presentUser } from './user.presenter'
import {
  type AlongsideDeletion,
  deleteAccount,
  deleteOwnAccount,
  logout,
  updateUser,
} from './user-account'
import { findRoles, holdsRole } from './user-roles.repository'
import { findUserById } from './users.repository'

/**
 * Everything the rest of the app asks of auth, in one place: the GoTrue endpoints' use cases,
 * and the token check that the data API and the live channel make. Routes call this and nothing
 * below it.
 */
export class AuthService {
  private readonly tokens: SessionTokens
  /** Sessions and their recent-check cache, for the tests and diagnostics that look inside. */
  readonly sessions: Sessions

  constructor(private readonly deps: AuthDeps) {
    this.tokens = new SessionTokens(deps)
    this.sessions = deps.sessions
  }

  async signUp(input: { email: string; password: string }, meta: RequestMeta, redirectTo?: string) {
    // The address's own limit first: one address tried over and over stops there.
    await hitEmailLimit(this.deps, input.email)
    await hitClientLimits(this.deps, 'signup', meta)
    return signUp(this.deps, this.tokens, input, meta, redirectTo)
  }

  signIn(input: { email: string; password: string }, meta: RequestMeta) {
    return passwordGrant(this.deps, this.tokens, input, meta)
  }

  /**
   * An e-mail and password checked as a sign-in checks them (limits, failure counting, one answer
   * for unknown and wrong), without starting a session: the WiFi portal's sign-in. Returns the
   * account's id and address, or throws the sign-in's error.
   */
  async verifyCredentials(
    input: { email: string; password: string },
    meta: RequestMeta,
  ): Promise<{ id: string; email: string }> {
    const { user, succeeded } = await checkPassword(this.deps, input, meta)
    await writeTransaction(this.deps.database, succeeded)
    return { id: user.id, email: user.email }
  }

  /**
   * A sign-in attempt that is not a password (the WiFi portal's pass code), counted as a sign-in:
   * against the client address's limit (a declared uplink's crowd budget), then `meta.alsoCounts`.
   * Throws 429 once over one of them.
   */
  countSignInAttempt(meta: RequestMeta): Promise<void> {
    return hitClientLimits(this.deps, 'signin', meta)
  }

  /**
   * A key for another feature's own use (one per purpose), derived from the server's secret, so
   * an installation has one secret to keep.
   */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.deps.signingKey).update(`derived:${purpose}`).digest()
  }

  /**
   * A secret of another feature's that must outlive restarts and be the same on every instance
   * (the push reminders' VAPID key pair): made by `generate` once, then kept like the JWT key.
   */
  keptSecret(id: string, generate: () => string): Promise<string> {
    return loadKeptSecret(this.deps.database, id, generate, this.deps.now())
  }

  /** When the account was created (ms), or undefined when there is none with this id. */
  async accountCreatedAt(userId: string): Promise<number | undefined> {
    const user = await findUserById(this.deps.database.db, userId)
    return user ? Number(user.created_at) : undefined
  }

  refresh(refreshToken: string) {
    return refreshTokenGrant(this.deps, this.tokens, refreshToken)
  }

  async followLink(token: string, type: string, meta: RequestMeta) {
    await hitAddressLimit(this.deps, 'verify', meta.ip)
    return verifyEmailLink(this.deps, this.tokens, token, type, meta)
  }

  async recover(email: string, meta: RequestMeta, redirectTo?: string): Promise<void> {
    await requestRecovery(this.deps, email, meta, redirectTo)
  }

  /** Sends a pending sign-up's confirmation link again; the same answer for any address. */
  async resendConfirmation(email: string, meta: RequestMeta, redirectTo?: string): Promise<void> {
    await requestConfirmationResend(this.deps, email, meta, redirectTo)
  }

  async currentUser(authorization: string | undefined) {
    const caller = await this.tokens.authenticate(authorization)
    const user = await findUserById(this.deps.database.db, caller.id)
    if (!user) {
      throw new AppError(403, 'session_not_found', 'User from sub claim in JWT does not exist')
    }
    return presentUser({ ...user, roles: await findRoles(this.deps.database.db, user.id) })
  }

  async updateUser(
    authorization: string | undefined,
    body: { password?: string; email?: string; nonce?: string },
  ) {
    return updateUser(this.deps, await this.tokens.authenticate(authorization), body)
  }

  async sendReauthenticationCode(authorization: string | undefined): Promise<void> {
    await sendReauthenticationCode(this.deps, await this.tokens.authenticate(authorization))
  }

  async logout(
    authorization: string | undefined,
    scope: 'global' | 'local' | 'others',
  ): Promise<void> {
    await logout(this.deps, await this.tokens.authenticate(authorization), scope)
  }

  /**
   * Deletes an account: its sessions end at once on every instance, then the row and what
   * cascades from it go (`alongside` runs in the same transaction). False when there was none.
   */
  deleteAccount(userId: string, alongside?: AlongsideDeletion): Promise<boolean> {
    return deleteAccount(this.deps, userId, alongside)
  }

  /**
   * The caller deletes their own account, given their password, a recent sign-in or the mailed
   * code (as a password change needs); throws `invalid_credentials` or `reauthentication_needed`.
   */
  deleteOwnAccount(
    caller: AuthUser,
    proof: { password?: string | undefined; nonce?: string | undefined },
    meta: RequestMeta,
    alongside?: AlongsideDeletion,
  ): Promise<boolean> {
    return deleteOwnAccount(this.deps, caller, proof, meta, alongside)
  }

  /** My account, sessions and mailed links for my data export; undefined once it is gone. */
  personalData(userId: string) {
    return authPersonalData(this.deps.database, userId)
  }

  /**
   * The data API's guard: the caller of a bearer token whose session is active. A session found
   * active within the last minute is not read again (ADR 015).
   */
  authenticate(authorization: string | undefined): Promise<AuthUser> {
    return this.tokens.authenticate(authorization, true)
  }

  /** The live channel's `auth` message: the caller, and when the token expires. */
  authenticateToken(token: string) {
    return this.tokens.authenticateToken(token)
  }

  /** One read: false once the session was signed out or revoked (the live heartbeat's check). */
  sessionIsActive(sessionId: string, userId: string): Promise<boolean> {
    return this.deps.sessions.isActive(sessionId, userId)
  }

  /**
   * Whether the user holds one of these roles now: read from the database on every privileged
   * request (one indexed read), so a revoked role stops working at once, whatever the token says.
   */
  holdsRole(userId: string, roles: readonly Role[]): Promise<boolean> {
    return holdsRole(this.deps.database.db, userId, roles)
  }

  /** Resolves once queued mail is out (shutdown). */
  mailSent(): Promise<void> {
    return this.deps.mail.idle()
  }
}
