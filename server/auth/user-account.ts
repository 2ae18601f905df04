import { writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import type { AuthDeps, AuthUser } from './auth-deps'
import { deleteOneTimeTokens } from './one-time-tokens.repository'
import { hashPassword, verifyPassword } from './password'
import { proveReauthentication, useProof } from './reauthentication'
import { weakPasswordError } from './sign-up'
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

/**
 * Deletes an account and everything that hangs off it (ON DELETE CASCADE). Its sessions end
 * first, through `Sessions.end`, so every instance stops trusting them at once: the cascade alone
 * would leave them trusted for up to a minute on SQLite (ADR 021). False when there was none.
 */
export async function deleteAccount(deps: AuthDeps, userId: string): Promise<boolean> {
  const deleted = await writeTransaction(deps.database, async (trx) => {
    await deps.sessions.end(trx, { userId })
    return deleteUser(trx, userId)
  })
  if (deleted) await deps.changes.publish({ type: 'user-count' })
  return deleted
}
