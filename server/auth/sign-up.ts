import { randomUUID } from 'node:crypto'
import { writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import { AppError } from '../http/app-error'
import type { OutgoingMail } from '../mail/mailer'
import type { AuthDeps, RequestMeta } from './auth-deps'
import { type LinkRequest, storeEmailLink } from './email-links'
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
 * costs the same: the limits and the password's hash. Everything that depends on whether the
 * address has an account (the lookup, the write, its commit, the user count's news, the mail)
 * runs off the request path, in the mail queue, in order per address (ADR 018). A new address
 * gets an account; an address that was never confirmed gets the password just chosen, and every
 * earlier link and session of it is void, so whoever owns the mailbox only ever confirms the
 * password of the newest sign-up. A confirmed address is left alone.
 */
async function signUpPendingConfirmation(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
  redirectTo: string | undefined,
) {
  const now = deps.now()
  const encryptedPassword = await hashPassword(input.password)
  deps.mail.later(
    'confirmation link',
    () => storePendingSignUp(deps, input.email, encryptedPassword, { meta, redirectTo, now }),
    input.email,
  )
  return presentPendingUser(randomUUID(), input.email, now)
}

/** The write of a sign-up awaiting confirmation, and the mail it sends (none when confirmed). */
async function storePendingSignUp(
  deps: AuthDeps,
  email: string,
  encryptedPassword: string,
  request: LinkRequest,
): Promise<OutgoingMail | undefined> {
  const { now } = request
  const outcome = await writeTransaction(deps.database, async (trx) => {
    const existing = await findUserByEmail(trx, email)
    if (existing && existing.email_confirmed_at !== null) return undefined
    let user: UserRow
    if (existing) {
      user = existing
      await updatePasswordHash(trx, user.id, encryptedPassword, now)
      await deleteOneTimeTokens(trx, user.id)
      await deps.sessions.end(trx, { userId: user.id })
    } else {
      user = newUser(email, encryptedPassword, now, false)
      await insertUser(trx, user)
    }
    const mail = await storeEmailLink(trx, deps.config, user, 'confirmation', request)
    return { created: !existing, mail }
  }).catch((error: unknown) => {
    // Another instance's sign-up for the same new address won the unique index: its password
    // stands, and its mail is the one that goes out.
    if (isUniqueViolation(error)) return undefined
    throw error
  })
  if (outcome?.created) await deps.changes.publish({ type: 'user-count' })
  return outcome?.mail
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
