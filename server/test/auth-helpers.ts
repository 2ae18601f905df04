import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AuthClient } from '@supabase/auth-js'
import type { TestApp } from './test-app'

let counter = 0
/** A unique, valid address for one test. */
export const uniqueEmail = (label = 'fan') =>
  `${label}.${process.pid}.${Date.now()}.${++counter}@example.test`

export const GOOD_PASSWORD = 'correct horse battery staple'

/** The real @supabase/auth-js client, pointed at a listening test server, with memory storage. */
export function createAuthClient(baseUrl: string) {
  const store = new Map<string, string>()
  return new AuthClient({
    url: `${baseUrl}/auth/v1`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
  })
}

export interface SignedUpUser {
  email: string
  accessToken: string
  refreshToken: string
  userId: string
}

/** `POST /signup` for `email`, from `ip` when given: the answer, whatever it is. */
export const signUp = (
  t: Pick<TestApp, 'app'>,
  email: string,
  password = GOOD_PASSWORD,
  ip?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  })

/** Signs a new user up over HTTP (confirmation off) and returns the session's tokens. */
export async function signUpUser(t: TestApp, email = uniqueEmail()): Promise<SignedUpUser> {
  const response = await signUp(t, email)
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`)
  const body = response.json()
  return {
    email,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    userId: body.user.id,
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The account stored for `email`, or undefined: what a sign-up did or did not leave behind. */
export const storedAccount = (t: Pick<TestApp, 'database'>, email: string) =>
  t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()

/** `grant_type=password` for `email`, from `ip` when given. */
export const signIn = (t: TestApp, email: string, password = GOOD_PASSWORD, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  })

/** `grant_type=refresh_token` with `refreshToken`. */
export const refresh = (t: Pick<TestApp, 'app'>, refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  })

/**
 * `user` with a new access token from their refresh token; the session keeps the time of its
 * sign-in. The `refreshToken` returned is still the one just used up.
 */
export async function withNewAccessToken(
  t: Pick<TestApp, 'app'>,
  user: SignedUpUser,
): Promise<SignedUpUser> {
  const answer = await refresh(t, user.refreshToken)
  if (answer.statusCode !== 200) throw new Error(`refresh failed: ${answer.body}`)
  return { ...user, accessToken: answer.json().access_token }
}

/** `POST /recover` for `email`, from `ip` when given. */
export const recover = (t: Pick<TestApp, 'app'>, email: string, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/recover',
    payload: { email },
    ...(ip ? { remoteAddress: ip } : {}),
  })

/** `POST /logout` of the session behind `accessToken`, in `scope`. */
export const logout = (t: Pick<TestApp, 'app'>, accessToken: string, scope = 'local') =>
  t.app.inject({
    method: 'POST',
    url: `/auth/v1/logout?scope=${scope}`,
    headers: bearer(accessToken),
  })

/** `GET /user`: the account behind `accessToken`, or why the token is refused. */
export const getUser = (t: Pick<TestApp, 'app'>, accessToken: string) =>
  t.app.inject({ url: '/auth/v1/user', headers: bearer(accessToken) })

/** `PUT /user` (a new password, a nonce) as the holder of `accessToken`. */
export const updateUser = (
  t: Pick<TestApp, 'app'>,
  accessToken: string,
  payload: Record<string, string>,
) => t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: bearer(accessToken), payload })

/**
 * Sends `request` `times` times, each after the previous one's answer (as a rate limit counts
 * them), and returns the status codes in order. `attempt` counts from 0.
 */
export async function statusesOf(
  times: number,
  request: (attempt: number) => Promise<{ statusCode: number }>,
): Promise<number[]> {
  const statuses: number[] = []
  for (let attempt = 0; attempt < times; attempt += 1) {
    statuses.push((await request(attempt)).statusCode)
  }
  return statuses
}

/** Opens an e-mail link as the browser would, without following its redirect. */
export const followLink = (t: TestApp, link: string) => {
  const url = new URL(link)
  return t.app.inject({ url: `${url.pathname}${url.search}` })
}

/** The fragment a link's redirect carries (a session, or an error). */
export const fragmentOf = (location: unknown) => new URLSearchParams(String(location).split('#')[1])

export interface OutboxMail {
  to: string
  link: string
  subject: string
  kind: string
  text: string
  code?: string
}

/** Every mail in the outbox for `to`, oldest first (file names start with the time and a sequence). */
export function mailsTo(outboxDir: string, to: string): OutboxMail[] {
  if (!existsSync(outboxDir)) return []
  const order = (name: string) => name.split('-').map(Number)
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => {
      const [timeA = 0, , seqA = 0] = order(a)
      const [timeB = 0, , seqB = 0] = order(b)
      return timeA - timeB || seqA - seqB
    })
    .map((name) => JSON.parse(readFileSync(join(outboxDir, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === to)
}

/**
 * Mail goes out off the request path: waits (up to 5 s) until `to` has at least `count` mails (of
 * `kind`, when given) and returns the newest.
 */
export async function latestMail(
  outboxDir: string,
  to: string,
  { count = 1, kind }: { count?: number; kind?: string } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + 5000
  for (;;) {
    const mails = mailsTo(outboxDir, to).filter((mail) => !kind || mail.kind === kind)
    if (mails.length >= count) return mails.at(-1)!
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} mails for ${to} in ${outboxDir}, found ${mails.length}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
