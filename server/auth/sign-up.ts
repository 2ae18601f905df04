import { randomUUID } from 'node:crypto'
import { writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/unique-violation'
import { AppError } from '../http/app-error'
import type { AuthDeps, RequestMeta, SessionTokens } from './auth-service'
import { sendEmailLink } from './email-links'
import { hashPassword, passwordProblem } from './password'
import {
  type IssuedSession,
  presentObfuscatedUser,
  presentSession,
  presentUser,
} from './user.presenter'
import { findUserByEmail, insertUser, type UserRow } from './users.repository'

export function weakPasswordError(password: string) {
  const problem = passwordProblem(password)
  if (!problem) return undefined
  return new AppError(422, 'weak_password', problem.message, undefined, {
    weak_password: { reasons: problem.reasons },
  })
}

/**
 * Creates an account. Without e-mail confirmation the answer is a session; with it, the answer is
 * the user and a link goes out, and a taken address answers exactly like a new one.
 */
export async function signUp(
  deps: AuthDeps,
  tokens: SessionTokens,
  input: { email: string; password: string },
  meta: RequestMeta,
  redirectTo: string | undefined,
) {
  const weak = weakPasswordError(input.password)
  if (weak) throw weak
  const confirmationRequired = deps.config.AUTH_EMAIL_CONFIRMATION
  const now = deps.now()
  // Hash before looking the address up, so "taken" and "new" cost the same time.
  const encryptedPassword = await hashPassword(input.password)
  const user: UserRow = {
    id: randomUUID(),
    email: input.email,
    encrypted_password: encryptedPassword,
    email_confirmed_at: confirmationRequired ? null : now,
    last_sign_in_at: confirmationRequired ? null : now,
    created_at: now,
    updated_at: now,
  }
  const created = await writeTransaction(deps.database, async (trx) => {
    if (await findUserByEmail(trx, input.email)) return false
    await insertUser(trx, user)
    return true
  }).catch((error: unknown) => {
    // Two sign-ups for one address at once: the unique index decides, the loser is "taken".
    if (isUniqueViolation(error)) return false
    throw error
  })

  if (!created) return answerTakenAddress(deps, input.email, meta, redirectTo, now)
  await deps.changes.publish({ type: 'user-count' })
  if (confirmationRequired) {
    await sendEmailLink(deps, user, 'confirmation', meta, redirectTo)
    return { ...presentUser(user), confirmation_sent_at: new Date(now).toISOString() }
  }
  const session: IssuedSession = await tokens.issue(user, { meta })
  return presentSession(session, user)
}

async function answerTakenAddress(
  deps: AuthDeps,
  email: string,
  meta: RequestMeta,
  redirectTo: string | undefined,
  now: number,
) {
  if (!deps.config.AUTH_EMAIL_CONFIRMATION) {
    throw new AppError(422, 'user_already_exists', 'User already registered')
  }
  const existing = await findUserByEmail(deps.database.db, email)
  // An owner who never confirmed gets a fresh link; everyone else sees a normal answer.
  if (existing && existing.email_confirmed_at === null) {
    await sendEmailLink(deps, existing, 'confirmation', meta, redirectTo)
  }
  return {
    ...presentObfuscatedUser(randomUUID(), email, now),
    confirmation_sent_at: new Date(now).toISOString(),
  }
}
