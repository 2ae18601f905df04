import {
  ClientMessageSchema,
  LIVE_CLOSE,
  type ServerMessage,
} from '../../shared/live/live-protocol'
import { AppError } from '../http/app-error'
import type { PreparedFrame } from './fan-out'
import {
  type FrameSink,
  frameSinkOf,
  type LiveSession,
  type LiveSocket,
  SOCKET_OPEN,
} from './live-socket'
import { PING_CONTROL_FRAME, textFrame } from './text-frame'

export interface ConnectionDeps {
  /** Verifies an access token and its session; throws an AppError when either is not valid. */
  authenticate(token: string): Promise<LiveSession>
  onSent(bytes: number): void
  onError(error: unknown): void
}

// RFC 6455 registry: the server is overloaded or cannot serve now; the client should retry.
const TRY_AGAIN_LATER = 1013
const PING_MESSAGE = Buffer.from(JSON.stringify({ type: 'ping' } satisfies ServerMessage))
// The protocol ping and the page's `ping` message in one write.
const HEARTBEAT_WIRE = Buffer.concat([PING_CONTROL_FRAME, textFrame(PING_MESSAGE)])

/** One live socket: the auth handshake, token replacement, and what the hub needs to send. */
export class LiveConnection {
  session: LiveSession | undefined
  /** Whether the socket showed a sign of life (any message or pong) since the last heartbeat. */
  alive = true
  /** Whether the client said it understands `batch` frames (in its latest `auth`). */
  acceptsBatch = false
  private closed = false
  private authTimer: NodeJS.Timeout | undefined
  // Messages are handled one at a time, so a token refresh can't overtake the first `auth`.
  private queue = Promise.resolve()
  private readonly sink: FrameSink | undefined

  constructor(
    readonly socket: LiveSocket,
    readonly ip: string,
    private readonly deps: ConnectionDeps,
    authTimeoutMs: number,
  ) {
    this.sink = frameSinkOf(socket)
    this.authTimer = setTimeout(() => {
      this.refuse(LIVE_CLOSE.authTimeout, 'no_authorization', 'Send an auth message first')
    }, authTimeoutMs)
  }

  get isReady(): boolean {
    return this.session !== undefined && !this.closed
  }

  receive(data: string | null): void {
    this.alive = true
    this.queue = this.queue.then(() => this.handle(data))
  }

  /** Sends an already serialized message; false when the socket can no longer take it. */
  sendFrame(frame: Buffer): boolean {
    if (this.closed || this.socket.readyState !== SOCKET_OPEN) return false
    this.socket.send(frame, { binary: false })
    this.deps.onSent(frame.byteLength)
    return true
  }

  /** Sends a broadcast frame: one write of the prebuilt frame when the socket allows it. */
  sendPrepared(frame: PreparedFrame): boolean {
    if (this.closed || this.socket.readyState !== SOCKET_OPEN) return false
    if (this.sink) this.sink.write(frame.wire)
    else this.socket.send(frame.payload, { binary: false })
    return true
  }

  /**
   * One heartbeat: a protocol ping the browser answers by itself and, once signed in, a `ping`
   * message the page can see.
   */
  heartbeat(): void {
    if (this.closed || this.socket.readyState !== SOCKET_OPEN) return
    if (this.isReady && this.sink) {
      this.sink.write(HEARTBEAT_WIRE)
      this.deps.onSent(PING_MESSAGE.byteLength)
      return
    }
    this.socket.ping()
    if (this.isReady) this.sendFrame(PING_MESSAGE)
  }

  /** Sends a message meant for this socket only (errors, ready): serialized here. */
  send(message: ServerMessage): void {
    this.sendFrame(Buffer.from(JSON.stringify(message)))
  }

  /** Tells the client why, then closes with an application close code. */
  refuse(closeCode: number, code: string, message: string): void {
    if (this.closed) return
    this.send({ type: 'error', code, message })
    this.close(closeCode, code)
  }

  close(closeCode: number, reason: string): void {
    if (this.closed) return
    this.markClosed()
    this.socket.close(closeCode, reason.slice(0, 120))
  }

  terminate(): void {
    this.markClosed()
    this.socket.terminate()
  }

  markClosed(): void {
    this.closed = true
    clearTimeout(this.authTimer)
  }

  private async handle(data: string | null): Promise<void> {
    if (this.closed) return
    const parsed = data === null ? undefined : ClientMessageSchema.safeParse(safeJson(data))
    const message = parsed?.success ? parsed.data : undefined
    if (message?.type === 'auth') {
      this.acceptsBatch = message.batch === true
      return this.authenticate(message.token)
    }
    // Before auth, anything else is a client that doesn't speak the protocol: hang up.
    if (!this.session) {
      return this.refuse(LIVE_CLOSE.unauthorized, 'no_authorization', 'Send an auth message first')
    }
    if (!message) {
      this.send({ type: 'error', code: 'validation_failed', message: 'Unknown message' })
    }
  }

  private async authenticate(token: string): Promise<void> {
    try {
      const session = await this.deps.authenticate(token)
      if (this.closed) return
      const first = this.session === undefined
      this.session = session
      clearTimeout(this.authTimer)
      if (first) this.send({ type: 'ready' })
    } catch (error) {
      if (error instanceof AppError) {
        return this.refuse(LIVE_CLOSE.unauthorized, error.code, error.message)
      }
      // The session could not be checked (database down): not the client's fault, so it may
      // come back shortly rather than sign in again.
      this.deps.onError(error)
      this.refuse(
        TRY_AGAIN_LATER,
        'service_unavailable',
        'The service is unavailable, try again shortly',
      )
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
