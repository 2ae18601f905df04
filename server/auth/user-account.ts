import { writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import type { AuthDeps, AuthUser } from './auth-service'
import { sessionsEnded } from './ended-sessions'
import { hashPassword, verifyPassword } from './password'
import { deleteSession, deleteUserSessions } from './sessions.repository'
import { weakPasswordError } from './sign-up'
import { presentUser } from './user.presenter'
import { findUserById, updatePasswordHash } from './users.repository'

/** `PUT /user`: sets a new password (after recovery, say) and signs out every other session. */
export async function updateUser(
  deps: AuthDeps,
  caller: AuthUser,
  body: { password?: string | undefined; email?: string | undefined },
) {
  if (body.email !== undefined) {
    throw new AppError(422, 'validation_failed', 'Changing the e-mail address is not supported')
  }
  const user = await findUserById(deps.database.db, caller.id)
  if (!user)
    throw new AppError(403, 'session_not_found', 'User from sub claim in JWT does not exist')
  if (body.password === undefined) return presentUser(user)
  const weak = weakPasswordError(body.password)
  if (weak) throw weak
  if (await verifyPassword(user.encrypted_password, body.password)) {
    throw new AppError(
      422,
      'same_password',
      'New password should be different from the old password.',
    )
  }
  const encrypted = await hashPassword(body.password)
  const now = deps.now()
  const ended = await writeTransaction(deps.database, async (trx) => {
    await updatePasswordHash(trx, user.id, encrypted, now)
    return deleteUserSessions(trx, user.id, { except: caller.sessionId })
  })
  sessionsEnded(deps, ended)
  return presentUser({ ...user, encrypted_password: encrypted, updated_at: now })
}

/** `POST /logout`: ends this session, all of the user's sessions, or all the others. */
export async function logout(
  deps: AuthDeps,
  caller: AuthUser,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  const { db } = deps.database
  const ended =
    scope === 'local'
      ? await deleteSession(db, caller.sessionId)
      : await deleteUserSessions(
          db,
          caller.id,
          scope === 'others' ? { except: caller.sessionId } : {},
        )
  sessionsEnded(deps, ended)
}
