type TokenSource = () => Promise<string | null>
let accessTokenSource: TokenSource = async () => null

/**
 * Tells API calls how to get the current access token (the auth client owns it). Kept apart from
 * the API client so the sign-in screen can register it without loading zod.
 */
export function setAccessTokenSource(source: TokenSource): void {
  accessTokenSource = source
}

/** The current access token, or null when signed out. */
export const currentAccessToken = (): Promise<string | null> => accessTokenSource()
