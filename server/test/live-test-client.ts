import { afterEach } from 'vitest'
import WebSocket from 'ws'
import { LIVE_PATH, type ServerMessage, unbatch } from '../../shared/live/live-protocol'

const WAIT_LIMIT_MS = 8000

/**
 * A live-channel client for integration tests: records every message (a batch's one by one, as the
 * browser handles them) and how the socket closed.
 */
export class LiveTestClient {
  readonly messages: ServerMessage[] = []
  /** How many frames arrived, and how many of them were batches. */
  readonly frames = { total: 0, batches: 0 }
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: (() => void)[] = []
  private readonly taken = new Set<number>()

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage
      this.frames.total += 1
      if (message.type === 'batch') this.frames.batches += 1
      this.messages.push(...unbatch(message))
      this.wake()
    })
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() })
        this.wake()
      })
    })
    socket.on('error', () => {})
  }

  /**
   * Opens a socket to a listening test app; `autoPong: false` plays a client that went silent,
   * `headers` and `localAddress` a client elsewhere.
   */
  static async connect(baseUrl: string, options: WebSocket.ClientOptions = {}) {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, options)
    // Listening from the start: the server may send (and close) in the same packet as the upgrade.
    const client = new LiveTestClient(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return client
  }

  /** Connects and authenticates, waiting for `ready`. */
  static async signedIn(baseUrl: string, token: string) {
    const client = await LiveTestClient.connect(baseUrl)
    client.send({ type: 'auth', token, batch: true })
    await client.next((message) => message.type === 'ready')
    return client
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The first message (oldest first) matching `accept` that no earlier call has taken. */
  async next<T extends ServerMessage>(accept: (message: ServerMessage) => message is T): Promise<T>
  async next(accept: (message: ServerMessage) => boolean): Promise<ServerMessage>
  async next(accept: (message: ServerMessage) => boolean): Promise<ServerMessage> {
    const deadline = Date.now() + WAIT_LIMIT_MS
    for (;;) {
      const index = this.messages.findIndex((message, i) => !this.taken.has(i) && accept(message))
      if (index >= 0) {
        this.taken.add(index)
        return this.messages[index]!
      }
      if (this.socket.readyState === WebSocket.CLOSED)
        throw new Error('socket closed while waiting')
      if (Date.now() > deadline) throw new Error('no matching live message arrived')
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }

  close(): void {
    this.socket.close()
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const resolve of waiters) resolve()
  }
}

/** Resolves when `check` holds, polling; throws if it doesn't within the test wait limit. */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The live clients of a `describe` block's tests: push each one; it is closed after its test. */
export function useLiveClients(): LiveTestClient[] {
  const clients: LiveTestClient[] = []
  afterEach(() => {
    for (const client of clients.splice(0)) client.close()
  })
  return clients
}
