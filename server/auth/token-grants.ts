import { AppError } from '../http/app-error'
import type { AuthDeps, RequestMeta, SessionTokens } from './auth-service'
import { sessionsEnded } from './ended-sessions'
import { hashOpaqueToken } from './opaque-token'
import { verifyAgainstDummy, verifyPassword } from './password'
import {
  claimRefreshToken,
  deleteSession,
  findRefreshToken,
  findRefreshTokenWithUser,
  touchSession,
} from './sessions.repository'
import { presentSession } from './user.presenter'
import { findUserByEmail, recordSignIn } from './users.repository'

const invalidCredentials = () =>
  new AppError(400, 'invalid_credentials', 'Invalid login credentials')

/** `grant_type=password`: one answer for an unknown address and a wrong password, in equal time. */
export async function passwordGrant(
  deps: AuthDeps,
  tokens: SessionTokens,
  input: { email: string; password: string },
  meta: RequestMeta,
) {
  await deps.limiter.hit({ name: 'signin:ip', max: deps.config.RATE_LIMIT_SIGNIN_PER_IP }, meta.ip)
  await deps.limiter.hit(
    { name: 'signin:email', max: deps.config.RATE_LIMIT_SIGNIN_PER_EMAIL },
    input.email,
  )
  const user = await findUserByEmail(deps.database.db, input.email)
  const valid = user
    ? await verifyPassword(user.encrypted_password, input.password)
    : await verifyAgainstDummy(input.password)
  if (!user || !valid) throw invalidCredentials()
  if (user.email_confirmed_at === null && deps.config.AUTH_EMAIL_CONFIRMATION) {
    throw new AppError(400, 'email_not_confirmed', 'Email not confirmed')
  }
  const now = deps.now()
  await recordSignIn(deps.database.db, user.id, now)
  const session = await tokens.issue({ ...user, last_sign_in_at: now }, { meta })
  return presentSession(session, { ...user, last_sign_in_at: now })
}

/**
 * `grant_type=refresh_token`: single use, rotated every time. A token used again within the reuse
 * window (two tabs refreshing together) gets a sibling; after it, reuse means the token leaked,
 * so the whole session is revoked.
 */
export async function refreshTokenGrant(
  deps: AuthDeps,
  tokens: SessionTokens,
  refreshToken: string,
) {
  const { database, now } = deps
  const tokenHash = hashOpaqueToken(refreshToken)
  if (database.dialect === 'postgres') {
    const rotated = await tokens.rotateUnused(tokenHash)
    if (rotated) return presentSession(rotated.session, rotated.user)
    // Unknown, used already (two tabs), or the session went: the general path tells them apart.
  }
  const found = await findRefreshTokenWithUser(database.db, tokenHash)
  if (!found) throw refreshTokenNotFound()
  const { token: row, user } = found
  const session = await tokens
    .rotate(user, row.session_id, tokenHash, async (trx) => {
      const claimed = row.used_at === null && (await claimRefreshToken(trx, tokenHash, now()))
      if (!claimed) {
        const usedAt = row.used_at ?? (await findRefreshToken(trx, tokenHash))?.used_at ?? now()
        if (now() - usedAt > deps.config.AUTH_REFRESH_REUSE_INTERVAL_S * 1000) {
          await deleteSession(trx, row.session_id)
          return false
        }
      }
      await touchSession(trx, row.session_id, now())
      return true
    })
    .catch((error: unknown) => {
      // The session was revoked between our read and the insert (foreign key): not found.
      throw isForeignKeyViolation(error) ? refreshTokenNotFound() : error
    })
  // Null: the token was replayed after the reuse window, and the session is now revoked.
  if (!session) {
    sessionsEnded(deps, [row.session_id])
    throw new AppError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return presentSession(session, user)
}

const refreshTokenNotFound = () =>
  new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
