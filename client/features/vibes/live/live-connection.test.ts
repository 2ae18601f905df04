import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ServerMessage } from '../../../../shared/live/live-protocol'
import { LiveConnection, type SocketLike } from './live-connection'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  closedWith: number | undefined
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null

  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code = 1000) {
    this.closedWith = code
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent)
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code } as CloseEvent)
  }
}

let sockets: FakeSocket[]
let received: ServerMessage[]
let token: string | null
let statuses: string[]

const connection = (onRefused?: () => Promise<void>) =>
  new LiveConnection({
    url: 'ws://test/api/live',
    getToken: async () => token,
    onRefused,
    onMessage: (message) => received.push(message),
    onStatus: (status) => statuses.push(status),
    createSocket: () => {
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket
    },
    random: () => 1,
  })

const latest = () => sockets.at(-1)!
const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  received = []
  token = 'token-1'
  statuses = []
})
afterEach(() => vi.useRealTimers())

describe('LiveConnection', () => {
  it('authenticates as soon as the socket opens', async () => {
    connection().start()
    latest().open()
    await flush()
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1', batch: true }])
  })

  it('sends a refreshed token on the open socket without reconnecting', async () => {
    const live = connection()
    live.start()
    latest().open()
    await flush()
    live.sendToken('token-2')
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', token: 'token-2', batch: true })
    expect(sockets).toHaveLength(1)
  })

  it('does not repeat the token the socket already has', async () => {
    const live = connection()
    live.start()
    latest().open()
    await flush()
    live.sendToken('token-1')
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1', batch: true }])
  })

  it('a token refreshed while the socket is still connecting goes out once it opens', async () => {
    const live = connection()
    live.start()
    token = 'token-2'
    live.sendToken('token-2')
    latest().open()
    await flush()
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-2', batch: true }])
  })

  it('authenticates a new socket even with the token the old one had', async () => {
    connection().start()
    latest().open()
    await flush()
    latest().drop()
    await vi.advanceTimersByTimeAsync(1000)
    latest().open()
    await flush()
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-1', batch: true }])
  })

  it('answers pings itself and passes other messages on', async () => {
    connection().start()
    latest().open()
    latest().receive({ type: 'ping' })
    latest().receive({ type: 'user-count', count: 7 })
    expect(latest().sent.at(-1)).toEqual({ type: 'pong' })
    expect(received).toEqual([{ type: 'user-count', count: 7 }])
  })

  it('hands on the changes of a batch one by one, in the order the server sent them', async () => {
    connection().start()
    latest().open()
    const changes = [
      { type: 'user-count', count: 7 },
      { type: 'vibe', op: 'delete', id: 'v1' },
      { type: 'user-count', count: 8 },
    ]
    latest().receive({ type: 'batch', messages: changes })
    expect(received).toEqual(changes)
  })

  it('ignores a batch that carries anything but changes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    connection().start()
    latest().open()
    latest().receive({
      type: 'batch',
      messages: [{ type: 'user-count', count: 1 }, { type: 'ping' }],
    })
    expect(received).toEqual([])
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('ignores messages that do not follow the protocol', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    connection().start()
    latest().open()
    latest().receive({ type: 'vibe', op: 'explode' })
    latest().onmessage?.({ data: 'not json' } as MessageEvent)
    expect(received).toEqual([])
    expect(warn).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('redials with growing waits, and starts over once the server says ready', async () => {
    connection().start()
    latest().drop()
    await vi.advanceTimersByTimeAsync(999)
    expect(sockets).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(2)
    latest().drop()
    await vi.advanceTimersByTimeAsync(1999)
    expect(sockets).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(3)
    latest().open()
    latest().receive({ type: 'ready' })
    latest().drop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(sockets).toHaveLength(4)
    expect(received).toEqual([{ type: 'ready' }])
    expect(statuses).toEqual(['connecting', 'live', 'connecting'])
  })

  it('redials soon when the server announces it is going away', async () => {
    connection().start()
    const first = latest()
    first.open()
    first.receive({ type: 'reconnect' })
    expect(first.closedWith).toBe(1000)
    await vi.advanceTimersByTimeAsync(3000)
    expect(sockets).toHaveLength(2)
  })

  it('a refused token (4401) asks the session first, then redials with what it decided', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let renew: () => void = () => {}
    const onRefused = vi.fn(() => new Promise<void>((resolve) => (renew = resolve)))
    connection(onRefused).start()
    latest().open()
    await flush()
    latest().drop(4401)
    expect(onRefused).toHaveBeenCalledTimes(1)
    // No redial while the session is being renewed (or ended), however long that takes.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sockets).toHaveLength(1)
    token = 'token-2'
    renew()
    await vi.advanceTimersByTimeAsync(1000)
    expect(sockets).toHaveLength(2)
    latest().open()
    await flush()
    expect(latest().sent).toEqual([{ type: 'auth', token: 'token-2', batch: true }])
    expect(warn).toHaveBeenCalledWith('Live updates: token refused')
  })

  it('other closes redial without asking the session', async () => {
    const onRefused = vi.fn(async () => {})
    connection(onRefused).start()
    latest().drop(1006)
    await vi.advanceTimersByTimeAsync(1000)
    expect(onRefused).not.toHaveBeenCalled()
    expect(sockets).toHaveLength(2)
  })

  it('closes instead of authenticating when nobody is signed in', async () => {
    token = null
    connection().start()
    latest().open()
    await flush()
    expect(latest().sent).toEqual([])
    expect(latest().closedWith).toBe(1000)
  })

  it('stops for good: closes the socket and never redials', async () => {
    const live = connection()
    live.start()
    latest().open()
    live.stop()
    expect(latest().closedWith).toBe(1000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sockets).toHaveLength(1)
  })

  it('closes a socket stopped while still connecting only once it opens', () => {
    const live = connection()
    live.start()
    live.stop()
    expect(latest().closedWith).toBeUndefined()
    latest().open()
    expect(latest().closedWith).toBe(1000)
    expect(latest().sent).toEqual([])
  })

  it('refused as one socket too many (4429): polls at once, asks again later, and goes live once let in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    connection().start()
    latest().open()
    await flush()
    latest().receive({ type: 'error', code: 'too_many_connections', message: 'Too many' })
    latest().drop(4429)
    expect(statuses).toEqual(['connecting', 'polling'])
    // The server is full: it is asked again after 15 s, then 30 s, not every second.
    await vi.advanceTimersByTimeAsync(14_999)
    expect(sockets).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(2)
    latest().drop(4429)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(sockets).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(3)
    // While it asks, the badge keeps saying how updates arrive, not "Connecting...".
    expect(statuses).toEqual(['connecting', 'polling'])
    latest().open()
    latest().receive({ type: 'ready' })
    expect(statuses).toEqual(['connecting', 'polling', 'live'])
    warn.mockRestore()
  })

  it('polls once three attempts in a row failed, and keeps redialling with the usual backoff', async () => {
    connection().start()
    latest().drop()
    await vi.advanceTimersByTimeAsync(1000)
    latest().drop()
    await vi.advanceTimersByTimeAsync(2000)
    expect(statuses).toEqual(['connecting'])
    latest().drop()
    expect(statuses).toEqual(['connecting', 'polling'])
    await vi.advanceTimersByTimeAsync(4000)
    expect(sockets).toHaveLength(4)
    expect(statuses).toEqual(['connecting', 'polling'])
    latest().open()
    latest().receive({ type: 'ready' })
    // Live again, a single drop is "Connecting..." once more, not polling.
    latest().drop()
    expect(statuses).toEqual(['connecting', 'polling', 'live', 'connecting'])
  })

  it('redials when the link goes silent for three heartbeats', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    connection().start()
    const first = latest()
    first.open()
    first.receive({ type: 'ping' })
    await vi.advanceTimersByTimeAsync(20_000)
    first.receive({ type: 'ping' }) // the server's heartbeat is 20 s: silent after 60 s
    await vi.advanceTimersByTimeAsync(59_999)
    expect(first.closedWith).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(first.closedWith).toBe(1000)
    expect(warn).toHaveBeenCalledWith('Live updates: the link went silent, reconnecting')
    await vi.advanceTimersByTimeAsync(1000)
    expect(sockets).toHaveLength(2)
    warn.mockRestore()
  })
})
