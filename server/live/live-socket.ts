/** The part of a `ws` WebSocket the live channel uses; unit tests pass a fake. */
export interface LiveSocket {
  readonly readyState: number
  readonly bufferedAmount: number
  /** Negotiated extensions (`ws`); prebuilt frames are only written when there are none. */
  readonly extensions?: string
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

/** Where complete WebSocket frames can be written as they are: the socket's TCP stream. */
export interface FrameSink {
  write(frame: Buffer): boolean
}

/**
 * The stream under a `ws` socket, or undefined when writing prebuilt frames to it is not safe:
 * with an extension such as permessage-deflate, `ws` transforms and may queue frames itself.
 * Without one its sender never queues, so our writes and its own (pings, closes) keep their order,
 * and `bufferedAmount` still counts what we wrote.
 */
export function frameSinkOf(socket: LiveSocket): FrameSink | undefined {
  if (socket.extensions !== '') return undefined
  const stream = (socket as { _socket?: Partial<FrameSink> })._socket
  return typeof stream?.write === 'function' ? (stream as FrameSink) : undefined
}
