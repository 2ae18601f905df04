import { writeTransaction } from '../db/database'
import { confirmationMail, recoveryMail } from '../mail/auth-mails'
import type { AuthDeps, RequestMeta, SessionTokens } from './auth-service'
import { consumeOneTimeToken, insertOneTimeToken } from './one-time-tokens.repository'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import type { IssuedSession } from './user.presenter'
import { findUserById, markEmailConfirmed, type UserRow } from './users.repository'

export type LinkKind = 'confirmation' | 'recovery'

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

/** Creates a one-hour, single-use link token for `user` and mails the link. */
export async function sendEmailLink(
  deps: AuthDeps,
  user: UserRow,
  kind: LinkKind,
  meta: RequestMeta,
  redirectTo: string | undefined,
): Promise<void> {
  await deps.limiter.hit(
    { name: 'email:address', max: deps.config.RATE_LIMIT_EMAIL_PER_ADDRESS },
    user.email,
  )
  const token = generateOpaqueToken()
  const now = deps.now()
  const redirect = safeRedirect(redirectTo, meta.siteUrl)
  await insertOneTimeToken(deps.database.db, {
    token_hash: hashOpaqueToken(token),
    user_id: user.id,
    kind,
    redirect_to: redirect,
    created_at: now,
    expires_at: now + deps.config.AUTH_LINK_EXPIRY_S * 1000,
    used_at: null,
  })
  const type = kind === 'confirmation' ? 'signup' : 'recovery'
  const link = new URL('/auth/v1/verify', meta.siteUrl)
  link.search = new URLSearchParams({ token, type, redirect_to: redirect }).toString()
  const mail = kind === 'confirmation' ? confirmationMail : recoveryMail
  await deps.mailer.send(mail(user.email, link.toString()))
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
  const consumed = kind
    ? await writeTransaction(deps.database, async (trx) => {
        const row = await consumeOneTimeToken(trx, hashOpaqueToken(token), now)
        if (!row || row.kind !== kind) return undefined
        // Following either link proves the address is theirs.
        await markEmailConfirmed(trx, row.user_id, now)
        return row
      })
    : undefined
  if (!consumed) return { ok: false, redirect: meta.siteUrl }
  const user = await findUserById(deps.database.db, consumed.user_id)
  if (!user) return { ok: false, redirect: meta.siteUrl }
  const session = await tokens.issue(user, { meta })
  return {
    ok: true,
    redirect: consumed.redirect_to ?? meta.siteUrl,
    session,
    type: kind === 'recovery' ? 'recovery' : 'signup',
  }
}
