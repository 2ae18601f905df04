import { type WriteHandle, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import type { AuthDeps, RequestMeta } from './auth-deps'
import { hashOpaqueToken } from './opaque-token'
import { verifyAgainstDummy, verifyPassword } from './password'
import { hitClientLimits } from './request-limits'
import type { SessionTokens } from './session-tokens'
import { findRefreshTokenWithUser } from './sessions.repository'
import { SignInFailures } from './sign-in-failures'
import { presentSession } from './user.presenter'
import { findRoles } from './user-roles.repository'
import { findUserByEmail, recordSignIn } from './users.repository'

const invalidCredentials = () =>
  new AppError(400, 'invalid_credentials', 'Invalid login credentials')

/**
 * Checks an e-mail and password: one answer for an unknown address and a wrong password, in equal
 * time, with the sign-in limits and failure counting of ADR 019 (`meta.ip` is the client they
 * count against). Returns the user, or throws `invalid_credentials`, `email_not_confirmed` or 429.
 */
export async function checkPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
) {
  const failures = new SignInFailures(deps)
  // The account's failures first: a pair already spent is refused before it costs the client's
  // address anything, so one guesser behind a shared uplink does not use up the crowd's budget.
  const { failedHere } = await failures.check(input.email, meta.ip)
  await hitClientLimits(deps, 'signin', meta)
  const user = await findUserByEmail(deps.database.db, input.email)
  const valid = user
    ? await verifyPassword(user.encrypted_password, input.password)
    : await verifyAgainstDummy(input.password)
  if (!user || !valid) {
    await failures.failed(input.email, meta.ip)
    throw invalidCredentials()
  }
  if (user.email_confirmed_at === null && deps.config.AUTH_EMAIL_CONFIRMATION) {
    throw new AppError(400, 'email_not_confirmed', 'Email not confirmed')
  }
  /** In the caller's write transaction: forgets this client's failures for the account. */
  const succeeded = (trx: WriteHandle) => failures.succeeded(trx, input.email, meta.ip, failedHere)
  return { user, succeeded }
}

/**
 * `grant_type=password`. A success is one write transaction: the sign-in time, the new session,
 * and the address's failures forgotten.
 */
export async function passwordGrant(
  deps: AuthDeps,
  tokens: SessionTokens,
  input: { email: string; password: string },
  meta: RequestMeta,
) {
  const { user, succeeded } = await checkPassword(deps, input, meta)
  const signedIn = { ...user, last_sign_in_at: deps.now() }
  const started = await writeTransaction(deps.database, async (trx) => {
    await recordSignIn(trx, user.id, signedIn.last_sign_in_at)
    await succeeded(trx)
    return tokens.start(trx, { ...signedIn, roles: await findRoles(trx, user.id) }, meta)
  })
  return presentSession(tokens.sign(started), started.user)
}

/**
 * `grant_type=refresh_token`: single use, rotated every time. A token used again within the reuse
 * window (two tabs refreshing together) gets the successor its first use issued, the same token
 * every time; after the window, reuse means the token leaked, so the whole session is revoked.
 */
export async function refreshTokenGrant(
  deps: AuthDeps,
  tokens: SessionTokens,
  refreshToken: string,
) {
  const { database, now } = deps
  const rotated = await tokens.rotate(refreshToken)
  if (rotated) return presentSession(rotated.session, rotated.user)
  // Unknown, or used already (two tabs refreshing together, or a replay): tell them apart.
  const found = await findRefreshTokenWithUser(database.db, hashOpaqueToken(refreshToken))
  if (!found) throw refreshTokenNotFound()
  const { token: row, user } = found
  const usedAt = row.used_at ?? now()
  if (now() - usedAt <= deps.config.AUTH_REFRESH_REUSE_INTERVAL_S * 1000) {
    const session = await tokens.reissueSuccessor(user, row.session_id, refreshToken)
    if (session) return presentSession(session, user)
    throw alreadyUsed()
  }
  await writeTransaction(database, (trx) => deps.sessions.end(trx, { sessionId: row.session_id }))
  throw alreadyUsed()
}

const alreadyUsed = () =>
  new AppError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')

const refreshTokenNotFound = () =>
  new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
