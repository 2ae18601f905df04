import { createHash, randomInt } from 'node:crypto'
import { type WriteHandle, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import { reauthenticationMail } from '../mail/auth-mails'
import type { AuthDeps, AuthUser } from './auth-deps'
import {
  consumeOneTimeToken,
  deleteOneTimeTokens,
  findOneTimeToken,
  insertOneTimeToken,
} from './one-time-tokens.repository'
import { findSession } from './sessions.repository'

const CODE_LIFETIME_MS = 10 * 60 * 1000

// Six digits, as GoTrue sends: typed from a mail on a phone. Guessing is bounded by the attempt
// limit (RATE_LIMIT_EMAIL_PER_ADDRESS wrong codes per window) and the ten-minute lifetime.
const codeHash = (userId: string, code: string) =>
  createHash('sha256').update(`reauthentication:${userId}:${code}`).digest('base64url')

/**
 * `GET /reauthenticate`: mails a one-time code that proves the caller reads the account's mail,
 * voiding any earlier code. Counted against the address's mail limit.
 */
export async function sendReauthenticationCode(deps: AuthDeps, caller: AuthUser): Promise<void> {
  await deps.limiter.hit(
    { name: 'email:address', max: deps.config.RATE_LIMIT_EMAIL_PER_ADDRESS },
    caller.email,
  )
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const now = deps.now()
  await writeTransaction(deps.database, async (trx) => {
    await deleteOneTimeTokens(trx, caller.id, 'reauthentication')
    await insertOneTimeToken(trx, {
      token_hash: codeHash(caller.id, code),
      user_id: caller.id,
      kind: 'reauthentication',
      redirect_to: null,
      created_at: now,
      expires_at: now + CODE_LIFETIME_MS,
      used_at: null,
    })
  })
  deps.mail.later('reauthentication code', async () => reauthenticationMail(caller.email, code))
}

export type ReauthenticationProof = { kind: 'recent sign-in' } | { kind: 'code'; hash: string }

const notValid = () =>
  new AppError(400, 'reauthentication_not_valid', 'Verification code is invalid or has expired')

/**
 * A password change needs proof beyond the access token, as GoTrue's secure password change does:
 * a sign-in (password or e-mail link) within AUTH_REAUTHENTICATION_WINDOW_S on this session, or
 * the mailed code. Otherwise a stolen access token could take the account over, and answers such
 * as `same_password` would let it test guesses. Throws `reauthentication_needed` or
 * `reauthentication_not_valid`; a code is only read here, and used by `useProof` in the change's
 * transaction. Every code tried counts against RATE_LIMIT_EMAIL_PER_ADDRESS per window.
 */
export async function proveReauthentication(
  deps: AuthDeps,
  caller: AuthUser,
  nonce: string | undefined,
): Promise<ReauthenticationProof> {
  const { db } = deps.database
  const session = await findSession(db, caller.sessionId)
  const windowMs = deps.config.AUTH_REAUTHENTICATION_WINDOW_S * 1000
  if (session && deps.now() - session.created_at < windowMs) return { kind: 'recent sign-in' }
  if (nonce === undefined || nonce.trim() === '') {
    throw new AppError(400, 'reauthentication_needed', 'Password update requires reauthentication')
  }
  await deps.limiter.hit(
    { name: 'reauthentication:user', max: deps.config.RATE_LIMIT_EMAIL_PER_ADDRESS },
    caller.id,
  )
  const hash = codeHash(caller.id, nonce.trim())
  const row = await findOneTimeToken(db, hash)
  const usable =
    row?.kind === 'reauthentication' && row.used_at === null && row.expires_at > deps.now()
  if (!usable) throw notValid()
  return { kind: 'code', hash }
}

/** Uses a code proof inside the change's transaction, so one code changes one password. */
export async function useProof(
  trx: WriteHandle,
  proof: ReauthenticationProof,
  now: number,
): Promise<void> {
  if (proof.kind === 'code' && !(await consumeOneTimeToken(trx, proof.hash, now))) throw notValid()
}
