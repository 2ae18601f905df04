/**
 * What the app needs of the signed-in session, handed in by the auth feature when its client has
 * loaded (`connectSession`), so the API client and the live channel need not import auth.
 */
export interface SessionPort {
  /** The current access token (renewed first if it has expired), or null when signed out. */
  accessToken(): Promise<string | null>
  /** Calls `listener` with each new access token after a refresh; returns how to stop. */
  onTokenRefreshed(listener: (token: string) => void): () => void
  /**
   * The server refused our token (401, or the live channel's 4401): renew the session, or end it
   * on this device when the server no longer knows it (signed out elsewhere, password changed).
   */
  refused(): Promise<void>
}

const signedOut: SessionPort = {
  accessToken: async () => null,
  onTokenRefreshed: () => () => {},
  refused: async () => {},
}
let port: SessionPort = signedOut

/** Called once by the auth feature, when its client is ready. */
export function connectSession(session: SessionPort): void {
  port = session
}

export const currentAccessToken = (): Promise<string | null> => port.accessToken()
export const onTokenRefreshed = (listener: (token: string) => void): (() => void) =>
  port.onTokenRefreshed(listener)
export const sessionRefused = (): Promise<void> => port.refused()
