import { isAuthRetryableFetchError } from '@supabase/auth-js'
import type { SessionPort } from '../../lib/session'
import { isEndingOnPurpose, sayEndedElsewhere } from './ending-on-purpose'
import type { AuthClient } from './load-auth-client'

export { whileEndingOnPurpose } from './ending-on-purpose'

/** The session as the rest of the app sees it (`client/lib/session.ts`), backed by auth-js. */
export function sessionPortOf(authClient: AuthClient): SessionPort {
  let handling: Promise<void> | undefined
  return {
    async accessToken() {
      const { data } = await authClient.getSession()
      return data.session?.access_token ?? null
    },
    onTokenRefreshed(listener) {
      const { data } = authClient.onAuthStateChange((event, session) => {
        if (event === 'TOKEN_REFRESHED' && session) listener(session.access_token)
      })
      return () => data.subscription.unsubscribe()
    },
    // Many requests may be refused at once: one renewal, and at most one goodbye.
    refused() {
      if (isEndingOnPurpose()) return Promise.resolve()
      handling ??= endIfGone(authClient).finally(() => {
        handling = undefined
      })
      return handling
    },
  }
}

/**
 * A refused token may only be stale (then a refresh renews it) or belong to a session the server
 * ended: signed out on another device, or a password change. A refresh refused for good proves
 * the latter; auth-js keeps such a session while its access token has not expired, so it is
 * removed here, and the auth state listener shows the sign-in screen. Offline, nothing changes.
 */
async function endIfGone(authClient: AuthClient): Promise<void> {
  const { data } = await authClient.getSession()
  if (!data.session) return
  const { data: renewed, error } = await authClient.refreshSession()
  if (renewed.session || !error || isAuthRetryableFetchError(error)) return
  await authClient.signOut({ scope: 'local' })
  sayEndedElsewhere()
}
