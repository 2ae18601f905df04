import { connectSession } from '../../lib/session'

/** The configured auth-js client (`auth-client.ts`), as a type only. */
export type AuthClient = typeof import('./auth-client').authClient

let loading: Promise<AuthClient> | undefined

/**
 * The auth client, loaded on first use. auth-js is a quarter of the first screen's script, and the
 * sign-in form can show without it, so it downloads after the first screen's code instead of
 * with it (ADR 017). Once loaded, it backs the session the API client and the live channel use
 * (`client/lib/session.ts`). A failed download is forgotten, so the next call tries again.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => {
      connectSession(module.sessionPortOf(module.authClient))
      return module.authClient
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
