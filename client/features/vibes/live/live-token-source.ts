import { authClient } from '../../auth/auth-client'

/** The current access token; auth-js refreshes it first if it has expired. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession()
  return data.session?.access_token ?? null
}

/** Calls `listener` with each new access token after auth-js refreshes the session. */
export function onTokenRefreshed(listener: (token: string) => void): () => void {
  const { data } = authClient.onAuthStateChange((event, session) => {
    if (event === 'TOKEN_REFRESHED' && session) listener(session.access_token)
  })
  return () => data.subscription.unsubscribe()
}
