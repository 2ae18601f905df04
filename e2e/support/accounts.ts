import type { APIRequestContext, Page } from '@playwright/test'

export const E2E_PASSWORD = 'festival nights are long'

let counter = 0
/** A unique address for one story. */
export const newEmail = (label = 'fan') =>
  `${label}.${Date.now()}.${process.pid}.${++counter}@example.test`

export interface ApiSession {
  email: string
  password: string
  session: Record<string, unknown> & { access_token: string; user: { id: string } }
}

/** Creates an account through the auth API (confirmation off) and returns its session. */
export async function signUpViaApi(
  request: APIRequestContext,
  baseURL: string,
  email = newEmail(),
): Promise<ApiSession> {
  const response = await request.post(`${baseURL}/auth/v1/signup`, {
    data: { email, password: E2E_PASSWORD },
  })
  if (!response.ok()) throw new Error(`sign-up failed: ${await response.text()}`)
  return { email, password: E2E_PASSWORD, session: await response.json() }
}

/** Creates the caller's vibe through the API. */
export async function createVibeViaApi(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
  vibe: { username: string; emoji: string; status: string },
) {
  const response = await request.post(`${baseURL}/api/vibes`, {
    data: vibe,
    headers: { authorization: `Bearer ${account.session.access_token}` },
  })
  if (!response.ok()) throw new Error(`creating a vibe failed: ${await response.text()}`)
  return response.json()
}

/**
 * Opens the app already signed in as `account`: the session goes into local storage where
 * @supabase/auth-js keeps it, exactly as after a sign-in in the browser.
 */
export async function openSignedIn(page: Page, account: ApiSession, path = '/') {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!)
    },
    ['vibeconnect.auth', JSON.stringify(account.session)],
  )
  await page.goto(path)
}

/** A new password session of `account`'s: a second device, or new claims after a role change. */
export async function signInViaApi(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
): Promise<ApiSession> {
  const response = await request.post(`${baseURL}/auth/v1/token?grant_type=password`, {
    data: { email: account.email, password: account.password },
  })
  if (!response.ok()) throw new Error(`sign-in failed: ${await response.text()}`)
  return { ...account, session: await response.json() }
}

/**
 * The same person signs in on another device and signs out everywhere else from there (as after a
 * lost phone): every other session of `account`'s ends on the server.
 */
export async function signOutOthersFromAnotherDevice(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
): Promise<void> {
  const otherDevice = await signInViaApi(request, baseURL, account)
  const logout = await request.post(`${baseURL}/auth/v1/logout?scope=others`, {
    headers: { authorization: `Bearer ${otherDevice.session.access_token}` },
  })
  if (logout.status() !== 204) throw new Error(`sign-out of others: ${logout.status()}`)
}
