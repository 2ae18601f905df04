import type { AuthChangeEvent, Session } from '@supabase/auth-js'
import { useEffect, useState } from 'react'
import { afterNextPaint } from '../../lib/after-next-paint'
import { toastAuthFailure } from './auth-actions'
import { mayHaveSession, storedSession } from './auth-storage'
import { isEndingOnPurpose, sayEndedElsewhere } from './ending-on-purpose'
import { loadAuthClient } from './load-auth-client'

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** The auth client's code could not be downloaded, so a stored session cannot be checked. */
  | { status: 'unavailable' }
  | { status: 'signed-in'; session: Session; event: AuthChangeEvent; recovering: boolean }

/** The state after an auth event: recovery lasts until the new password is saved. */
function nextAuthState(
  previous: AuthState,
  event: AuthChangeEvent,
  session: Session | null,
): AuthState {
  if (!session) return { status: 'signed-out' }
  const wasRecovering = previous.status === 'signed-in' && previous.recovering
  return {
    status: 'signed-in',
    session,
    event,
    recovering: event === 'PASSWORD_RECOVERY' || (wasRecovering && event !== 'USER_UPDATED'),
  }
}

/**
 * The session to open with when auth-js found none to hand: its refresh of an expired access token
 * could not reach the server, so it kept the session stored (it removes one the server refused).
 * The app then opens signed in from what the device has (ADR 034), and auth-js refreshes the
 * session once it can: its ticker, and the `online` event below.
 */
function sessionKeptOffline(event: AuthChangeEvent, session: Session | null): Session | null {
  if (session || event !== 'INITIAL_SESSION') return session
  const stored = storedSession()
  if (stored) openedOffline = true
  return stored
}
// Whether this page opened on a session kept offline: if auth-js then removes it (its refresh was
// refused once back online), the session ended elsewhere, and the user is told so. Online, the
// session port says it (session-port.ts).
let openedOffline = false

function noticeIfEndedElsewhere(event: AuthChangeEvent): void {
  if (event !== 'SIGNED_OUT' || !openedOffline || isEndingOnPurpose()) return
  openedOffline = false
  sayEndedElsewhere()
}

/**
 * Follows the initial session and every auth state change (sign-in, refresh, sign-out, recovery).
 * A session removed after a failed refresh arrives as SIGNED_OUT and returns the user to sign-in;
 * one that could not be refreshed for want of a network stays (sessionKeptOffline).
 */
export function useAuthSession(): AuthState & { finishRecovery: () => void } {
  // With no session stored and no e-mail link in the address, the check can only end signed out:
  // the sign-in screen shows at once instead of after it (the first screen on a slow phone).
  const [state, setState] = useState<AuthState>(() => {
    if (!mayHaveSession()) return { status: 'signed-out' }
    // Offline, auth-js's check can take half a minute (it retries a refresh it cannot make): the
    // app opens at once on the stored session, and follows auth-js's events from there.
    const stored = navigator.onLine ? null : storedSession()
    if (stored) openedOffline = true
    return stored
      ? { status: 'signed-in', session: stored, event: 'INITIAL_SESSION', recovering: false }
      : { status: 'loading' }
  })
  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let unmounted = false
    const start = () =>
      loadAuthClient().then(
        (authClient) => {
          if (unmounted) return
          const { data } = authClient.onAuthStateChange((event, session) => {
            const kept = sessionKeptOffline(event, session)
            noticeIfEndedElsewhere(event)
            setState((previous) => nextAuthState(previous, event, kept))
          })
          // Back online: refresh a session kept offline now rather than at the ticker's next turn
          // (a refusal removes it, and SIGNED_OUT follows).
          const refreshWhenOnline = () => void authClient.getSession()
          window.addEventListener('online', refreshWhenOnline)
          unsubscribe = () => {
            data.subscription.unsubscribe()
            window.removeEventListener('online', refreshWhenOnline)
          }
          // An e-mail link that was used or expired comes back as an error in the URL.
          authClient.initialize().then(({ error }) => {
            if (error) toastAuthFailure(error)
          })
        },
        (error: unknown) => {
          console.error('Could not load the auth client:', error)
          // Signed out, the form still shows (and tries again on submit); a stored session can't be
          // checked without the client.
          setState((previous) =>
            previous.status === 'loading' ? { status: 'unavailable' } : previous,
          )
        },
      )
    // Signed out for sure, the sign-in screen paints before the client's download starts (ADR 017).
    let cancelStart: (() => void) | undefined
    if (mayHaveSession()) void start()
    else cancelStart = afterNextPaint(() => void start())
    return () => {
      unmounted = true
      cancelStart?.()
      unsubscribe?.()
    }
  }, [])
  const finishRecovery = () =>
    setState((previous) =>
      previous.status === 'signed-in' ? { ...previous, recovering: false } : previous,
    )
  return { ...state, finishRecovery }
}
