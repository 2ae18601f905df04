import type { AuthChangeEvent, Session } from '@supabase/auth-js'
import { useEffect, useState } from 'react'
import { toastAuthFailure } from './auth-actions'
import { authClient, mayHaveSession } from './auth-client'

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session; event: AuthChangeEvent; recovering: boolean }

/**
 * Follows the initial session and every auth state change (sign-in, refresh, sign-out, recovery).
 * A session removed after a failed refresh arrives as SIGNED_OUT and returns the user to sign-in.
 */
export function useAuthSession(): AuthState & { finishRecovery: () => void } {
  // With no session stored and no e-mail link in the address, the check can only end signed out:
  // the sign-in screen shows at once instead of after it (the first screen on a slow phone).
  const [state, setState] = useState<AuthState>(() =>
    mayHaveSession() ? { status: 'loading' } : { status: 'signed-out' },
  )
  useEffect(() => {
    const { data } = authClient.onAuthStateChange((event, session) => {
      setState((previous) => {
        if (!session) return { status: 'signed-out' }
        const wasRecovering = previous.status === 'signed-in' && previous.recovering
        return {
          status: 'signed-in',
          session,
          event,
          recovering: event === 'PASSWORD_RECOVERY' || (wasRecovering && event !== 'USER_UPDATED'),
        }
      })
    })
    // An e-mail link that was used or expired comes back as an error in the URL.
    authClient.initialize().then(({ error }) => {
      if (error) toastAuthFailure(error)
    })
    return () => data.subscription.unsubscribe()
  }, [])
  const finishRecovery = () =>
    setState((previous) =>
      previous.status === 'signed-in' ? { ...previous, recovering: false } : previous,
    )
  return { ...state, finishRecovery }
}
