/** The part of a `ws` WebSocket the live channel uses; unit tests pass a fake. */
export interface LiveSocket {
  readonly readyState: number
  readonly bufferedAmount: number
  send(data: Buffer, options: { binary: boolean }): void
  close(code: number, reason: string): void
  terminate(): void
  ping(): void
}

export const SOCKET_OPEN = 1

/** A signed-in socket's session, as checked at its latest `auth` message. */
export interface LiveSession {
  userId: string
  sessionId: string
  /** When the access token it authenticated with expires (epoch ms). */
  expiresAtMs: number
}
