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
  /** The socket was closed for falling behind or for flooding. */
  onDropped(reason: 'too_slow' | 'too_many_messages'): void
  now(): number
}

// RFC 6455 registry: the server is overloaded or cannot serve now; the client should retry.
const TRY_AGAIN_LATER = 1013
/**
 * What a socket may have waiting to be written, replies and broadcasts alike: a client this far
 * behind cannot keep up (or does not read at all), so it is closed and reconnects instead of
 * holding the server's memory.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024
// The protocol needs an `auth` at the start and on each token refresh, and a pong now and then.
// A burst of this many messages is allowed, then one per refill period, sustained.
export const MESSAGE_BURST = 20
export const MESSAGE_REFILL_MS = 2000
// A closed client that does not read never completes the closing handshake: cut it off after this.
const CLOSE_GRACE_MS = 1000
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
  /** Whether the socket holds a place in its address's cap (the hub's bookkeeping). */
  countsAgainstAddress = false
  /** The account whose cap the socket counts against, once signed in (the hub's bookkeeping). */
  account: string | undefined
  private closed = false
  private authTimer: NodeJS.Timeout | undefined
  private messageAllowance = MESSAGE_BURST
  private allowanceCheckedAt: number
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
    this.allowanceCheckedAt = deps.now()
    this.authTimer = setTimeout(() => {
      this.refuse(LIVE_CLOSE.authTimeout, 'no_authorization', 'Send an auth message first')
    }, authTimeoutMs)
  }

  get isReady(): boolean {
    return this.session !== undefined && !this.closed
  }

  receive(data: string | null): void {
    if (this.closed) return
    this.alive = true
    if (!this.allowMessage()) {
      this.send({ type: 'error', code: 'too_many_messages', message: 'Too many messages' })
      this.deps.onDropped('too_many_messages')
      this.closeAndDrop(LIVE_CLOSE.tooManyMessages, 'too_many_messages')
      return
    }
    this.queue = this.queue.then(() => this.handle(data))
  }

  /** Sends an already serialized message; false when the socket can no longer take it. */
  sendFrame(frame: Buffer): boolean {
    if (!this.canWrite()) return false
    this.socket.send(frame, { binary: false })
    this.deps.onSent(frame.byteLength)
    return true
  }

  /** Sends a broadcast frame: one write of the prebuilt frame when the socket allows it. */
  sendPrepared(frame: PreparedFrame): boolean {
    if (!this.canWrite()) return false
    if (this.sink) this.sink.write(frame.wire)
    else this.socket.send(frame.payload, { binary: false })
    return true
  }

  /**
   * One heartbeat: a protocol ping the browser answers by itself and, once signed in, a `ping`
   * message the page can see.
   */
  heartbeat(): void {
    if (!this.canWrite()) return
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

  /** Closes with a code the client can read if it still reads, and cuts off one that does not. */
  private closeAndDrop(closeCode: number, reason: string): void {
    this.close(closeCode, reason)
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref()
  }

  /** Open and not over the buffer cap; a socket over it is closed as too slow. */
  private canWrite(): boolean {
    if (this.closed || this.socket.readyState !== SOCKET_OPEN) return false
    if (this.socket.bufferedAmount <= MAX_BUFFERED_BYTES) return true
    this.deps.onDropped('too_slow')
    this.closeAndDrop(LIVE_CLOSE.tooSlow, 'too_slow')
    return false
  }

  /** A token bucket: MESSAGE_BURST at once, refilled by one every MESSAGE_REFILL_MS. */
  private allowMessage(): boolean {
    const now = this.deps.now()
    const refilled = Math.floor((now - this.allowanceCheckedAt) / MESSAGE_REFILL_MS)
    if (refilled > 0) {
      this.messageAllowance = Math.min(MESSAGE_BURST, this.messageAllowance + refilled)
      this.allowanceCheckedAt += refilled * MESSAGE_REFILL_MS
    }
    if (this.messageAllowance === 0) return false
    this.messageAllowance -= 1
    return true
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
        const closeCode =
          error.status === 429 ? LIVE_CLOSE.tooManyConnections : LIVE_CLOSE.unauthorized
        return this.refuse(closeCode, error.code, error.message)
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
