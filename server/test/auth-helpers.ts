import { readdirSync, readFileSync } from 'node:fs'
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

/** Signs a new user up over HTTP (confirmation off) and returns the session's tokens. */
export async function signUpUser(t: TestApp, email = uniqueEmail()): Promise<SignedUpUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email, password: GOOD_PASSWORD },
  })
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

/** The newest mail written to the outbox for `to`. */
export function latestMail(
  outboxDir: string,
  to: string,
): { link: string; subject: string; kind: string } {
  const mails = readdirSync(outboxDir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outboxDir, name), 'utf8')))
    .filter((mail) => mail.to === to)
  const mail = mails.at(-1)
  if (!mail) throw new Error(`no mail for ${to} in ${outboxDir}`)
  return mail
}
