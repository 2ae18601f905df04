/** The configured auth-js client (`auth-client.ts`), as a type only. */
export type AuthClient = typeof import('./auth-client').authClient

let loading: Promise<AuthClient> | undefined

/**
 * The auth client, loaded on first use. auth-js is a quarter of the first screen's script, and the
 * sign-in form can show without it, so it downloads after the first screen's code instead of
 * with it (ADR 017). A failed download is forgotten, so the next call tries again.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => module.authClient,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
