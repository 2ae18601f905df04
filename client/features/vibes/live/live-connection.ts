import { LIVE_CLOSE, unbatch } from '../../../../shared/live/live-channel'
import type { ClientMessage, SingleServerMessage } from '../../../../shared/live/live-protocol'
import { backoffDelay } from '../../../lib/backoff'
import { parseServerMessage } from './parse-server-message'
import { SilenceWatchdog } from './silence-watchdog'

/** The part of a WebSocket the connection uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
}

export interface LiveConnectionOptions {
  url: string
  /** The current access token (refreshed if it expired), or null when signed out. */
  getToken: () => Promise<string | null>
  /**
   * Every valid message except the heartbeat, which the connection answers itself; a batch's
   * messages are handed over one by one, in order.
   */
  onMessage: (message: SingleServerMessage) => void
  /**
   * The server refused the token (4401): the session may be renewed, or have ended elsewhere.
   * Awaited before the next redial, so that one uses the renewed token.
   */
  onRefused?: () => Promise<void>
  /**
   * `live` once the server has accepted the token; `connecting` while (re)connecting; `polling`
   * when the server refused the socket as one too many (4429) or attempts keep failing: the feed
   * is then polled (see `pollingInterval`) while the channel keeps trying.
   */
  onStatus?: (status: LiveStatus) => void
  createSocket?: (url: string) => SocketLike
  random?: () => number
}

export type LiveStatus = 'connecting' | 'live' | 'polling'

const SOCKET_OPEN = 1
const SOCKET_CONNECTING = 0
const RETRY = { baseMs: 1000, maxMs: 30_000 }
/**
 * Refused as one socket too many (a festival's shared address is full, or this account has its
 * share): ask again much less often, since thousands may be refused at once and polling covers
 * the wait.
 */
const REFUSED_RETRY = { baseMs: 15_000, maxMs: 120_000 }
/** Attempts in a row that never reached `ready` before the feed is polled instead of waited on. */
const FAILURES_BEFORE_POLLING = 3
/** After a server's `reconnect` (shutdown), spread the crowd over a few seconds. */
const REDIAL_SPREAD_MS = 3000

/**
 * One live channel that keeps itself up: authenticates on open, re-sends the token after each
 * refresh, answers heartbeats, and redials with jittered exponential backoff when it drops.
 */
export class LiveConnection {
  private socket: SocketLike | null = null
  private failures = 0
  private refusals = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private running = false
  private status: LiveStatus | undefined
  /** The token sent on the current socket. */
  private tokenSent: string | null = null
  private readonly createSocket: (url: string) => SocketLike
  private readonly random: () => number
  private readonly watchdog = new SilenceWatchdog(() => {
    console.warn('Live updates: the link went silent, reconnecting')
    this.drop()
    this.retryAfterFailure()
  })

  constructor(private readonly options: LiveConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url))
    this.random = options.random ?? Math.random
  }

  start(): void {
    this.running = true
    this.connect()
  }

  stop(): void {
    this.running = false
    clearTimeout(this.retryTimer)
    this.drop()
  }

  /** A refreshed token keeps the open channel authorized without reconnecting. */
  sendToken(token: string): void {
    // auth-js may announce the token this socket just authenticated with: no need to repeat it.
    if (token === this.tokenSent) return
    if (this.send({ type: 'auth', token, batch: true })) this.tokenSent = token
  }

  /** Skip the wait (say, the device came back online). */
  reconnectNow(): void {
    if (!this.running || this.socket) return
    clearTimeout(this.retryTimer)
    this.connect()
  }

  private connect(): void {
    // Polling stays on the badge while the channel tries again: it is how updates arrive now.
    if (this.status !== 'polling') this.setStatus('connecting')
    const socket = this.createSocket(this.options.url)
    this.socket = socket
    this.tokenSent = null
    socket.onopen = () => {
      this.watchdog.arm()
      void this.authenticate(socket)
    }
    socket.onmessage = (event) => this.receive(event)
    socket.onclose = (event) => {
      if (socket !== this.socket) return
      this.socket = null
      this.watchdog.disarm()
      if (event.code === LIVE_CLOSE.tooManyConnections) {
        this.setStatus('polling')
        this.scheduleRetry(backoffDelay(this.refusals++, { ...REFUSED_RETRY, random: this.random }))
        return
      }
      if (this.status !== 'polling') this.setStatus('connecting')
      if (event.code !== LIVE_CLOSE.unauthorized || !this.options.onRefused) {
        this.retryAfterFailure()
        return
      }
      console.warn('Live updates: token refused')
      void this.options.onRefused().finally(() => {
        if (this.running && !this.socket) this.retryAfterFailure()
      })
    }
  }

  private retryAfterFailure(): void {
    this.scheduleRetry(backoffDelay(this.failures++, { ...RETRY, random: this.random }))
    if (this.failures >= FAILURES_BEFORE_POLLING) this.setStatus('polling')
  }

  private async authenticate(socket: SocketLike): Promise<void> {
    const token = await this.options.getToken()
    if (socket !== this.socket) return
    if (token) this.sendToken(token)
    else socket.close(1000, 'signed out')
  }

  private receive(event: MessageEvent): void {
    const message = parseServerMessage(event.data)
    if (!message) {
      console.warn('Live updates: ignored an unknown message')
      return
    }
    this.watchdog.heard({ ping: message.type === 'ping' })
    for (const single of unbatch(message)) this.handle(single)
  }

  private handle(message: SingleServerMessage): void {
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' })
        return
      case 'reconnect':
        this.drop()
        this.scheduleRetry(this.random() * REDIAL_SPREAD_MS)
        return
      case 'ready':
        this.failures = 0
        this.refusals = 0
        this.setStatus('live')
        break
      case 'error':
        console.warn('Live updates:', message.code, message.message)
        break
    }
    this.options.onMessage(message)
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return
    this.status = status
    this.options.onStatus?.(status)
  }

  /** False when there is no open socket to send on. */
  private send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== SOCKET_OPEN) return false
    this.socket.send(JSON.stringify(message))
    return true
  }

  private scheduleRetry(delayMs: number): void {
    if (!this.running) return
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => this.connect(), delayMs)
  }

  /** Forgets the current socket; one still connecting is closed once open (closing it earlier logs a browser error). */
  private drop(): void {
    const socket = this.socket
    this.socket = null
    this.watchdog.disarm()
    if (!socket) return
    socket.onmessage = null
    socket.onclose = null
    if (socket.readyState === SOCKET_CONNECTING) socket.onopen = () => socket.close(1000)
    else socket.close(1000)
  }
}
