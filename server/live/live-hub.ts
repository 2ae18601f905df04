import type { FastifyBaseLogger } from 'fastify'
import {
  type BroadcastMessage,
  LIVE_CLOSE,
  type ServerMessage,
} from '../../shared/live/live-protocol'
import type { AuthorsCopy } from './change-relay'
import { FanOut, type PreparedFrame } from './fan-out'
import { type AdmissionRules, LiveAdmission } from './live-admission'
import { LiveConnection } from './live-connection'
import type { LiveSession, LiveSocket } from './live-socket'
import { LiveViewers } from './live-viewers'

export interface LiveHubOptions extends AdmissionRules {
  heartbeatMs: number
  /** The most a change waits for the next fan-out pass (changes that wait share one frame). */
  fanOutMaxWaitMs?: number
  authenticate(token: string): Promise<LiveSession>
  /** One cheap read per distinct session: false once it was signed out or revoked. */
  sessionIsActive(session: LiveSession): Promise<boolean>
  /** Whose vibes the user must not be sent (blocked either way, ADR 032). */
  hiddenFor?(userId: string): Promise<ReadonlySet<string>>
  /** After each fan-out pass (the operators' metrics). */
  onFanOutPass?(pass: { lagMs: number; durationMs: number; messages: number }): void
  now: () => number
  log: FastifyBaseLogger
}

const MAX_AUTH_TIMEOUT_MS = 5000
const SHUTDOWN_WAIT_MS = 2000
const RECONNECT_FRAME = Buffer.from(JSON.stringify({ type: 'reconnect' } satisfies ServerMessage))
/** Every live socket of this app instance: admission, fan-out, heartbeats and shutdown. */
export class LiveHub {
  private readonly connections = new Set<LiveConnection>()
  private readonly admission: LiveAdmission
  private readonly counters = {
    serialized: 0,
    framesSent: 0,
    bytesSent: 0,
    beats: 0,
    droppedSlow: 0,
    droppedFlooding: 0,
  }
  private closing = false
  private checkingSessions = false
  private readonly endedSessions = new Set<string>()
  private readonly viewers: LiveViewers<LiveConnection>
  private readonly authTimeoutMs: number
  private readonly fanOut: FanOut<LiveConnection>

  constructor(private readonly options: LiveHubOptions) {
    // An unauthenticated socket must not outlive one heartbeat period (nor a few seconds).
    this.authTimeoutMs = Math.min(MAX_AUTH_TIMEOUT_MS, options.heartbeatMs)
    this.admission = new LiveAdmission(options, options.log)
    this.viewers = new LiveViewers(options.hiddenFor)
    this.fanOut = new FanOut({
      recipients: this.connections,
      send: (connection, frame) => this.sendBroadcast(connection, frame),
      acceptsBatch: (connection) => connection.acceptsBatch,
      userOf: (connection) => connection.session?.userId,
      hiddenFrom: (connection) => this.viewers.hiddenFrom(connection),
      onPass: options.onFanOutPass,
      onError: (error) => options.log.error({ err: error }, 'live fan-out failed'),
      maxWaitMs: options.fanOutMaxWaitMs,
    })
  }

  /**
   * Numbers to watch: open sockets, signed-in ones, and what fan-out cost (`passes` over every
   * socket, `batches` of them that carried several changes in one frame).
   */
  get stats() {
    let ready = 0
    for (const connection of this.connections) if (connection.isReady) ready += 1
    const { passes, batches, framesSent, bytesSent, filtered } = this.fanOut.counters
    return {
      sockets: this.connections.size,
      ready,
      // Sockets that were sent a pass without someone's vibe (a block), and people watched so.
      filtered,
      viewers: this.viewers.size,
      ...this.counters,
      // Sockets refused for their address's cap, and signed-in ones for their account's.
      refused: this.admission.refused.forAddress,
      refusedForAccount: this.admission.refused.forAccount,
      framesSent: this.counters.framesSent + framesSent,
      bytesSent: this.counters.bytesSent + bytesSent,
      passes,
      batches,
    }
  }

  /** Takes a freshly upgraded socket; the caller wires its events to the returned connection. */
  accept(socket: LiveSocket, ip: string): LiveConnection {
    const connection = new LiveConnection(
      socket,
      ip,
      {
        authenticate: (token) => this.authenticate(connection, token),
        onSent: (bytes) => this.countSent(bytes),
        onError: (error) => this.options.log.warn({ err: error }, 'live auth check failed'),
        onDropped: (reason) => {
          if (reason === 'too_slow') this.counters.droppedSlow += 1
          else this.counters.droppedFlooding += 1
          this.options.log.info({ ip, reason }, 'live client dropped')
        },
        now: this.options.now,
      },
      this.authTimeoutMs,
    )
    if (this.closing) {
      connection.sendFrame(RECONNECT_FRAME)
      connection.close(LIVE_CLOSE.goingAway, 'server shutting down')
      return connection
    }
    if (!this.admission.admitAddress(connection)) {
      connection.refuse(
        LIVE_CLOSE.tooManyConnections,
        'too_many_connections',
        'Too many live connections from this address',
      )
      return connection
    }
    this.connections.add(connection)
    return connection
  }

  /** Forgets a socket once it has closed, whoever closed it. */
  remove(connection: LiveConnection): void {
    connection.markClosed()
    if (this.connections.delete(connection)) this.admission.release(connection)
    this.viewers.detach(connection)
  }

  /**
   * A socket's `auth`: the token and session, then the account's cap. A socket refused by the cap
   * is told `too_many_connections` and closed with 4429, never 4401, so its client keeps its session.
   */
  private async authenticate(connection: LiveConnection, token: string): Promise<LiveSession> {
    const session = await this.options.authenticate(token)
    const isOpen = () => this.connections.has(connection)
    if (isOpen()) await this.admission.admitAccount(connection, session.userId, isOpen)
    // Before `ready`: no broadcast reaches the socket until it knows whom it hides.
    if (isOpen()) await this.viewers.attach(connection, session.userId)
    return session
  }

  /**
   * A block between two people was made or lifted: their sockets here learn whom they hide now,
   * then are told `ready`, so their apps refetch the feed without (or with) the other's vibe.
   */
  blocksChanged(...userIds: string[]): void {
    this.viewers.reload(userIds, (userId, error) => {
      if (error) this.options.log.warn({ err: error }, 'live block update failed')
      else this.sendToUser(userId, { type: 'ready' })
    })
  }

  get hasSubscribers(): boolean {
    for (const connection of this.connections) if (connection.isReady) return true
    return false
  }

  /**
   * Serializes the message once and sends the same frame to every signed-in socket, in passes
   * that batch whatever arrives while one runs (`FanOut`, ADR 011). A vibe's message names its
   * `author`: sockets of people who hide them (a block either way) are skipped (ADR 032); with
   * `instead`, that account's sockets get their own copy (a hidden vibe's author, docs/safety.md).
   */
  broadcast(
    message: BroadcastMessage,
    addressed: { author?: string | undefined; instead?: AuthorsCopy | undefined } = {},
  ): void {
    this.counters.serialized += 1
    const { author, instead } = addressed
    const swap = instead && { userId: instead.userId, json: JSON.stringify(instead.message) }
    this.fanOut.push(JSON.stringify(message), { author, swap })
  }

  /**
   * A message for one user's signed-in sockets on this instance, and nobody else's (their game).
   * A pass over the sockets per message: such messages are rare, unlike broadcasts.
   */
  sendToUser(userId: string, message: ServerMessage): void {
    let frame: Buffer | undefined
    for (const connection of this.connections) {
      if (!connection.isReady || connection.session?.userId !== userId) continue
      frame ??= Buffer.from(JSON.stringify(message))
      connection.sendFrame(frame)
    }
  }

  /**
   * A session was deleted (signed out, revoked): its sockets are closed on the next turn, in one
   * pass over all sockets however many sessions ended together. The heartbeat's session check
   * stays as the backstop (a socket that authenticated while the session was being deleted).
   */
  endSession(sessionId: string): void {
    if (this.endedSessions.size === 0) setImmediate(() => this.dropEndedSessions())
    this.endedSessions.add(sessionId)
  }

  private dropEndedSessions(): void {
    const ended = new Set(this.endedSessions)
    this.endedSessions.clear()
    for (const connection of this.connections) {
      if (!connection.session || !ended.has(connection.session.sessionId)) continue
      connection.refuse(LIVE_CLOSE.unauthorized, 'session_not_found', 'You were signed out')
    }
  }

  /**
   * One heartbeat: reaps sockets silent since the last beat, pings the rest (a protocol ping the
   * browser answers by itself, and a message the page can see), then drops expired tokens and
   * signed-out sessions.
   */
  async beat(): Promise<void> {
    this.counters.beats += 1
    const now = this.options.now()
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.terminate()
        continue
      }
      connection.alive = false
      connection.heartbeat()
      if (connection.session && now >= connection.session.expiresAtMs) {
        connection.refuse(LIVE_CLOSE.unauthorized, 'bad_jwt', 'The access token has expired')
      }
    }
    // A slow database must not stack checks up: skip this beat's check if the last one runs on.
    if (this.checkingSessions) return
    this.checkingSessions = true
    try {
      await this.dropSignedOutSessions()
    } finally {
      this.checkingSessions = false
    }
  }

  /** Shutdown: every socket is told to reconnect (to another instance) and closed with 1001. */
  async shutdown(): Promise<void> {
    this.closing = true
    for (const connection of this.connections) {
      connection.sendFrame(RECONNECT_FRAME)
      connection.close(LIVE_CLOSE.goingAway, 'server shutting down')
    }
    const deadline = Date.now() + SHUTDOWN_WAIT_MS
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // Clients that don't complete the closing handshake must not hold the process open.
    for (const connection of this.connections) connection.terminate()
  }

  private async dropSignedOutSessions(): Promise<void> {
    // Tabs of one browser share a session: one read per session, not per socket.
    const bySession = new Map<string, LiveConnection[]>()
    for (const connection of this.connections) {
      if (!connection.isReady || !connection.session) continue
      const group = bySession.get(connection.session.sessionId) ?? []
      group.push(connection)
      bySession.set(connection.session.sessionId, group)
    }
    for (const group of bySession.values()) {
      const session = group[0]!.session!
      let active: boolean
      try {
        active = await this.options.sessionIsActive(session)
      } catch (error) {
        // Unknown is not "signed out": keep the sockets, check again next beat.
        this.options.log.warn({ err: error }, 'live session check failed')
        return
      }
      if (active) continue
      for (const connection of group) {
        if (connection.session?.sessionId !== session.sessionId) continue
        connection.refuse(LIVE_CLOSE.unauthorized, 'session_not_found', 'You were signed out')
      }
    }
  }

  private sendBroadcast(connection: LiveConnection, frame: PreparedFrame): boolean {
    return connection.isReady && connection.sendPrepared(frame)
  }

  private countSent(bytes: number): void {
    this.counters.framesSent += 1
    this.counters.bytesSent += bytes
  }
}
