import { type WriteHandle, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import type { AuthDeps, AuthUser, RequestMeta } from './auth-deps'
import { deleteOneTimeTokens } from './one-time-tokens.repository'
import { hashPassword, verifyPassword } from './password'
import { proveReauthentication, useProof } from './reauthentication'
import { weakPasswordError } from './sign-up'
import { checkPassword } from './token-grants'
import { presentUser } from './user.presenter'
import { findRoles } from './user-roles.repository'
import { deleteUser, findUserById, updatePasswordHash } from './users.repository'

/**
 * `PUT /user`: sets a new password (after recovery, say), given a recent sign-in or a mailed code,
 * and voids every outstanding e-mail link and every other session.
 */
export async function updateUser(
  deps: AuthDeps,
  caller: AuthUser,
  body: { password?: string | undefined; email?: string | undefined; nonce?: string | undefined },
) {
  if (body.email !== undefined) {
    throw new AppError(422, 'validation_failed', 'Changing the e-mail address is not supported')
  }
  const user = await findUserById(deps.database.db, caller.id)
  if (!user)
    throw new AppError(403, 'session_not_found', 'User from sub claim in JWT does not exist')
  const roles = await findRoles(deps.database.db, user.id)
  if (body.password === undefined) return presentUser({ ...user, roles })
  const weak = weakPasswordError(body.password)
  if (weak) throw weak
  const proof = await proveReauthentication(deps, caller, body.nonce)
  if (await verifyPassword(user.encrypted_password, body.password)) {
    throw new AppError(
      422,
      'same_password',
      'New password should be different from the old password.',
    )
  }
  const encrypted = await hashPassword(body.password)
  const now = deps.now()
  await writeTransaction(deps.database, async (trx) => {
    await useProof(trx, proof, now)
    await updatePasswordHash(trx, user.id, encrypted, now)
    await deleteOneTimeTokens(trx, user.id)
    await deps.sessions.end(trx, { userId: user.id, exceptSessionId: caller.sessionId })
  })
  return presentUser({ ...user, encrypted_password: encrypted, updated_at: now, roles })
}

/** `POST /logout`: ends this session, all of the user's sessions, or all the others. */
export async function logout(
  deps: AuthDeps,
  caller: AuthUser,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  const filter =
    scope === 'local'
      ? { sessionId: caller.sessionId }
      : { userId: caller.id, exceptSessionId: scope === 'others' ? caller.sessionId : undefined }
  await writeTransaction(deps.database, (trx) => deps.sessions.end(trx, filter))
}

/** Other features' part of an account's deletion, in its transaction, before the user row goes. */
export type AlongsideDeletion = (trx: WriteHandle) => Promise<void>

/**
 * Deletes an account and everything that hangs off it (ON DELETE CASCADE), and the rate-limit
 * counters keyed by its address or id. Its sessions end first, through `Sessions.end`, so every
 * instance stops trusting them at once: the cascade alone would leave them trusted for up to a
 * minute on SQLite (ADR 021). `alongside` runs in the same transaction, first (the feed notes the
 * vibe to drop). False when there was none.
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: string,
  alongside?: AlongsideDeletion,
): Promise<boolean> {
  const deleted = await writeTransaction(deps.database, async (trx) => {
    const user = await findUserById(trx, userId)
    if (!user) return false
    await alongside?.(trx)
    await deps.sessions.end(trx, { userId })
    await deps.limiter.forgetSubjects(trx, [user.email, user.id])
    return deleteUser(trx, userId)
  })
  if (deleted) await deps.changes.publish({ type: 'user-count' })
  return deleted
}

/**
 * `DELETE /api/account`: the caller deletes their own account, proving it is them beyond the
 * access token, as a password change does: their password (checked as a sign-in checks it,
 * failures counted, ADR 019), or a sign-in on this session within AUTH_REAUTHENTICATION_WINDOW_S,
 * or the mailed reauthentication code (`nonce`). A given password must be right, recent or not.
 */
export async function deleteOwnAccount(
  deps: AuthDeps,
  caller: AuthUser,
  proof: { password?: string | undefined; nonce?: string | undefined },
  meta: RequestMeta,
  alongside?: AlongsideDeletion,
): Promise<boolean> {
  let confirmed: AlongsideDeletion
  if (proof.password !== undefined) {
    const { user, succeeded } = await checkPassword(
      deps,
      { email: caller.email, password: proof.password },
      meta,
    )
    if (user.id !== caller.id)
      throw new AppError(400, 'invalid_credentials', 'Invalid login credentials')
    confirmed = succeeded
  } else {
    const reauthenticated = await proveReauthentication(deps, caller, proof.nonce)
    confirmed = (trx) => useProof(trx, reauthenticated, deps.now())
  }
  return deleteAccount(deps, caller.id, async (trx) => {
    await confirmed(trx)
    await alongside?.(trx)
  })
}
