import { randomUUID } from 'node:crypto'
import { writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import { AppError } from '../http/app-error'
import type { OutgoingMail } from '../mail/mailer'
import type { AuthDeps, RequestMeta } from './auth-deps'
import { storeEmailLink } from './email-links'
import { deleteOneTimeTokens } from './one-time-tokens.repository'
import { hashPassword, passwordProblem } from './password'
import type { SessionTokens } from './session-tokens'
import { presentPendingUser, presentSession } from './user.presenter'
import { findUserByEmail, insertUser, type UserRow, updatePasswordHash } from './users.repository'

export function weakPasswordError(password: string) {
  const problem = passwordProblem(password)
  if (!problem) return undefined
  return new AppError(422, 'weak_password', problem.message, undefined, {
    weak_password: { reasons: problem.reasons },
  })
}

/**
 * Creates an account (the caller has counted it against the e-mail's and the client's limits).
 * Without e-mail confirmation the answer is a session; with it, the answer is
 * a pending user and a link goes out by mail (ADR 018).
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
  if (deps.config.AUTH_EMAIL_CONFIRMATION) {
    return signUpPendingConfirmation(deps, input, meta, redirectTo)
  }
  const now = deps.now()
  const user = newUser(input.email, await hashPassword(input.password), now, true)
  const started = await writeTransaction(deps.database, async (trx) => {
    if (await findUserByEmail(trx, input.email)) return undefined
    await insertUser(trx, user)
    return tokens.start(trx, user, meta)
  }).catch(undefinedOnUniqueViolation)
  if (!started) throw new AppError(422, 'user_already_exists', 'User already registered')
  await deps.changes.publish({ type: 'user-count' })
  return presentSession(tokens.sign(started), user)
}

/**
 * With confirmation on, every answer looks the same (a pending user made up at this moment) and
 * takes the same path up to the mail, which goes out off the request path: nothing tells a new
 * address from a taken one. A new address gets an account; an address that was never confirmed
 * gets the password just chosen, and every earlier link and session of it is void, so whoever
 * owns the mailbox only ever confirms the password of the newest sign-up (ADR 018). A confirmed
 * address is left alone.
 */
async function signUpPendingConfirmation(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
  redirectTo: string | undefined,
) {
  const now = deps.now()
  const encryptedPassword = await hashPassword(input.password)
  const outcome = await writeTransaction(deps.database, async (trx) => {
    const existing = await findUserByEmail(trx, input.email)
    if (existing && existing.email_confirmed_at !== null) return undefined
    let user: UserRow
    if (existing) {
      user = existing
      await updatePasswordHash(trx, user.id, encryptedPassword, now)
      await deleteOneTimeTokens(trx, user.id)
      await deps.sessions.end(trx, { userId: user.id })
    } else {
      user = newUser(input.email, encryptedPassword, now, false)
      await insertUser(trx, user)
    }
    const mail = await storeEmailLink(trx, deps, user, 'confirmation', meta, redirectTo)
    return { created: !existing, mail }
  }).catch((error: unknown) => {
    // Two sign-ups for one new address at once: the unique index decides; the other one's
    // password stands and this answer looks like every other.
    if (isUniqueViolation(error)) return undefined
    throw error
  })
  if (outcome) {
    if (outcome.created) await deps.changes.publish({ type: 'user-count' })
    const { mail } = outcome
    deps.mail.later('confirmation link', async (): Promise<OutgoingMail> => mail)
  }
  return presentPendingUser(randomUUID(), input.email, now)
}

function newUser(email: string, encryptedPassword: string, now: number, confirmed: boolean) {
  return {
    id: randomUUID(),
    email,
    encrypted_password: encryptedPassword,
    email_confirmed_at: confirmed ? now : null,
    last_sign_in_at: confirmed ? now : null,
    created_at: now,
    updated_at: now,
  } satisfies UserRow
}

function undefinedOnUniqueViolation(error: unknown): undefined {
  // Two sign-ups for one address at once: the unique index decides, the loser is "taken".
  if (isUniqueViolation(error)) return undefined
  throw error
}
