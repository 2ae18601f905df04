import type { Session } from '@supabase/auth-js'

/** Where auth-js keeps the session in local storage. */
export const AUTH_STORAGE_KEY = 'vibeconnect.auth'

/** Whether a session is stored from an earlier visit (auth-js will then restore it). */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null
  } catch {
    return false // storage blocked: auth-js will find no session either
  }
}

/**
 * The session auth-js keeps in local storage, as it stored it, or null. Read only when auth-js
 * could not refresh it for want of a network (use-auth-session.ts): auth-js stays the one that
 * refreshes and stores it.
 */
export function storedSession(): Session | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as
      | (Partial<Session> & { user?: Session['user'] })
      | null
    return stored?.access_token && stored.refresh_token && stored.user?.id
      ? (stored as Session)
      : null
  } catch {
    return null
  }
}

/**
 * Whether auth-js's session check could end signed in: a stored session, or an e-mail link's
 * tokens or error in the address (implicit flow: in the fragment; errors may be in the query).
 * When neither is there the answer is known to be "signed out" before the check has run.
 */
export function mayHaveSession(): boolean {
  const query = new URLSearchParams(window.location.search)
  const linkInAddress =
    window.location.hash.length > 1 ||
    ['error', 'error_description', 'code'].some((key) => query.has(key))
  return linkInAddress || hasStoredSession()
}
