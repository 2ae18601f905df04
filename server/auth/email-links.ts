import { type WriteHandle, writeTransaction } from '../db/database'
import { confirmationMail, recoveryMail } from '../mail/auth-mails'
import type { OutgoingMail } from '../mail/mailer'
import type { AuthDeps, RequestMeta } from './auth-deps'
import {
  consumeOneTimeToken,
  deleteOneTimeTokens,
  insertOneTimeToken,
} from './one-time-tokens.repository'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import { hitAddressLimit, hitEmailLimit } from './request-limits'
import type { SessionTokens } from './session-tokens'
import type { IssuedSession } from './user.presenter'
import { findRoles } from './user-roles.repository'
import { findUserByEmail, findUserById, markEmailConfirmed, type UserRow } from './users.repository'

export type LinkKind = 'confirmation' | 'recovery'

/** The request a link answers: where it came from, where it leads, and when it was asked for. */
export interface LinkRequest {
  meta: RequestMeta
  redirectTo: string | undefined
  now: number
}

/** Only our own site may be the target of a link's redirect (no open redirects). */
export function safeRedirect(requested: string | undefined, siteUrl: string): string {
  const site = new URL(siteUrl)
  if (!requested) return site.toString()
  try {
    const target = new URL(requested, site)
    return target.origin === site.origin ? target.toString() : site.toString()
  } catch {
    return site.toString()
  }
}

/**
 * Stores a fresh one-hour, single-use link token for `user` in the caller's transaction, voiding
 * every earlier link of the same kind, and returns the mail that carries it. `now` is when it was
 * asked for: the hour starts then, though the queue may store it a moment later.
 */
export async function storeEmailLink(
  trx: WriteHandle,
  config: AuthDeps['config'],
  user: Pick<UserRow, 'id' | 'email'>,
  kind: LinkKind,
  request: LinkRequest,
): Promise<OutgoingMail> {
  const { meta, redirectTo, now } = request
  const token = generateOpaqueToken()
  const redirect = safeRedirect(redirectTo, meta.siteUrl)
  await deleteOneTimeTokens(trx, user.id, kind)
  await insertOneTimeToken(trx, {
    token_hash: hashOpaqueToken(token),
    user_id: user.id,
    kind,
    redirect_to: redirect,
    created_at: now,
    expires_at: now + config.AUTH_LINK_EXPIRY_S * 1000,
    used_at: null,
  })
  const type = kind === 'confirmation' ? 'signup' : 'recovery'
  const link = new URL('/auth/v1/verify', meta.siteUrl)
  link.search = new URLSearchParams({ token, type, redirect_to: redirect }).toString()
  const mail = kind === 'confirmation' ? confirmationMail : recoveryMail
  return mail(user.email, link.toString())
}

/**
 * `POST /recover`: counts the request against the e-mail address's mail limit whether or not it
 * has an account, then against the client address's limit, and does everything else (the
 * lookup, the link, the mail) off the request path, in order per address, so neither the answer
 * nor its timing says whether the address is registered.
 */
export function requestRecovery(
  deps: AuthDeps,
  email: string,
  meta: RequestMeta,
  redirectTo: string | undefined,
): Promise<void> {
  return mailLinkLater(deps, email, { meta, redirectTo, limit: 'recover' }, async (request) => {
    const user = await findUserByEmail(deps.database.db, email)
    if (!user) return undefined
    return writeTransaction(deps.database, (trx) =>
      storeEmailLink(trx, deps.config, user, 'recovery', request),
    )
  })
}

/**
 * `POST /resend` (type `signup`): a new confirmation link for an account that signed up and has
 * not confirmed yet, voiding the earlier ones. Counted like a recovery request (the e-mail
 * address's mail limit whatever the address, then the client's), and the rest happens off the
 * request path: the answer and its timing are the same for a pending, a confirmed and an unknown
 * address. The link confirms the password of the latest sign-up, as the first one did (ADR 018).
 */
export function requestConfirmationResend(
  deps: AuthDeps,
  email: string,
  meta: RequestMeta,
  redirectTo: string | undefined,
): Promise<void> {
  const pending = (user?: UserRow) => user?.email_confirmed_at === null
  return mailLinkLater(deps, email, { meta, redirectTo, limit: 'resend' }, async (request) => {
    if (!pending(await findUserByEmail(deps.database.db, email))) return undefined
    return writeTransaction(deps.database, async (trx) => {
      // Confirmed meanwhile (the earlier link followed): nothing to send.
      const user = await findUserByEmail(trx, email)
      if (!user || !pending(user)) return undefined
      return storeEmailLink(trx, deps.config, user, 'confirmation', request)
    })
  })
}

/**
 * What `/recover` and `/resend` share: both limits counted on the request path, whatever the
 * address; the rest (`prepare`: the lookup, the link, the mail) queued off it, in order per address.
 */
async function mailLinkLater(
  deps: AuthDeps,
  email: string,
  asked: { meta: RequestMeta; redirectTo: string | undefined; limit: 'recover' | 'resend' },
  prepare: (request: LinkRequest) => Promise<OutgoingMail | undefined>,
): Promise<void> {
  await hitEmailLimit(deps, email)
  await hitAddressLimit(deps, asked.limit, asked.meta.ip)
  const request: LinkRequest = { meta: asked.meta, redirectTo: asked.redirectTo, now: deps.now() }
  const what = asked.limit === 'recover' ? 'recovery link' : 'confirmation link, again'
  deps.mail.later(what, () => prepare(request), email)
}

export type VerifyOutcome =
  | { ok: true; redirect: string; session: IssuedSession; type: 'signup' | 'recovery' }
  | { ok: false; redirect: string }

/** Follows an e-mail link: confirms the address or starts a recovery, and signs the user in. */
export async function verifyEmailLink(
  deps: AuthDeps,
  tokens: SessionTokens,
  token: string,
  type: string,
  meta: RequestMeta,
): Promise<VerifyOutcome> {
  const kind: LinkKind | undefined =
    type === 'signup' || type === 'email'
      ? 'confirmation'
      : type === 'recovery'
        ? 'recovery'
        : undefined
  const now = deps.now()
  // Following either link proves the address is theirs, and signs them in: one transaction.
  const outcome = kind
    ? await writeTransaction(deps.database, async (trx) => {
        const row = await consumeOneTimeToken(trx, hashOpaqueToken(token), now)
        if (!row || row.kind !== kind) return undefined
        await markEmailConfirmed(trx, row.user_id, now)
        const user = await findUserById(trx, row.user_id)
        if (!user) return undefined
        const roles = await findRoles(trx, user.id)
        return {
          redirect: row.redirect_to,
          started: await tokens.start(trx, { ...user, roles }, meta),
        }
      })
    : undefined
  if (!outcome) return { ok: false, redirect: meta.siteUrl }
  return {
    ok: true,
    redirect: outcome.redirect ?? meta.siteUrl,
    session: tokens.sign(outcome.started),
    type: kind === 'recovery' ? 'recovery' : 'signup',
  }
}
