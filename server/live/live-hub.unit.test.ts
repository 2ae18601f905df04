import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import type { Vibe } from '../../shared/vibes/vibe.schema'
import { InProcessChangeBus } from '../events/change-bus'
import { relayChanges } from './change-relay'
import { LiveHub, type LiveHubOptions } from './live-hub'
import type { LiveSession, LiveSocket } from './live-socket'
import { PING_CONTROL_FRAME, textFrame } from './text-frame'

class FakeSocket implements LiveSocket {
  readyState = 1
  bufferedAmount = 0
  readonly sent: Buffer[] = []
  closedWith: number | undefined
  terminated = false
  send(data: Buffer) {
    this.sent.push(data)
  }
  close(code: number) {
    this.closedWith = code
    this.readyState = 3
  }
  terminate() {
    this.terminated = true
    this.readyState = 3
  }
  ping() {}
  get messages() {
    return this.sent.map((frame) => JSON.parse(frame.toString()))
  }
}

/** A `ws` socket without extensions: prebuilt frames go straight to its TCP stream. */
class FakeWsSocket extends FakeSocket {
  readonly written: Buffer[] = []
  constructor(readonly extensions = '') {
    super()
  }
  readonly _socket = { write: (frame: Buffer) => this.written.push(frame) > 0 }
}

const silentLog = { warn() {}, info() {} } as unknown as FastifyBaseLogger
const vibe: Vibe = {
  id: 'v1',
  userId: 'u1',
  username: 'Luna',
  emoji: '🎉',
  status: 'hi',
  createdAt: '2026-07-10T12:00:00.000Z',
  updatedAt: '2026-07-10T12:00:00.000Z',
}

const visible = { state: 'visible' as const, reason: null }
// A batch frame's messages, or the one message.
const unpack = (message: { type: string; messages?: unknown[] }) =>
  message.type === 'batch' ? message.messages! : [message]

function setup(overrides: Partial<LiveHubOptions> = {}) {
  let now = 1_000_000
  const hub = new LiveHub({
    maxConnectionsFor: () => 100,
    maxConnectionsPerAccount: 10,
    heartbeatMs: 60_000,
    now: () => now,
    log: silentLog,
    authenticate: async (token): Promise<LiveSession> => ({
      userId: `user-${token}`,
      sessionId: `session-${token}`,
      expiresAtMs: now + 60_000,
    }),
    sessionIsActive: async () => true,
    ...overrides,
  })
  const signIn = async <S extends FakeSocket = FakeSocket>(
    token: string,
    socket: S = new FakeSocket() as S,
    { batch = true } = {},
  ) => {
    const connection = hub.accept(socket, '10.0.0.1')
    // A client from before batches existed sends no `batch` field at all.
    connection.receive(JSON.stringify({ type: 'auth', token, ...(batch && { batch }) }))
    await vi.waitFor(() => expect(connection.isReady).toBe(true))
    return socket
  }
  const advance = (ms: number) => {
    now += ms
  }
  return { hub, signIn, advance }
}

describe('live hub', () => {
  it('serializes a change once and sends the very same bytes to every subscriber', async () => {
    const { hub, signIn } = setup()
    const sockets = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((token) => signIn(token)))
    const changes = new InProcessChangeBus()
    const readVibe = vi.fn(async () => ({ ...vibe, moderation: visible }))
    relayChanges({ changes, hub, readVibe, readUserCount: async () => 7, log: silentLog })
    const stringify = vi.spyOn(JSON, 'stringify')

    try {
      await changes.publish({ type: 'vibe', op: 'insert', id: 'v1', userId: 'u1' })
      await vi.waitFor(() => expect(sockets.every((s) => s.sent.length === 2)).toBe(true))
      expect(stringify).toHaveBeenCalledTimes(1)
    } finally {
      stringify.mockRestore()
    }
    expect(readVibe).toHaveBeenCalledTimes(1)
    const frame = sockets[0]!.sent[1]!
    for (const socket of sockets) expect(socket.sent[1]).toBe(frame)
    expect(JSON.parse(frame.toString())).toEqual({ type: 'vibe', op: 'insert', id: 'v1', vibe })
    expect(hub.stats).toMatchObject({ sockets: 5, ready: 5 })
  })

  it('sends a hidden vibe’s author an update and everyone else a delete, in the same place', async () => {
    const { hub, signIn } = setup()
    const author = await signIn('a')
    const authorsOtherTab = await signIn('a')
    const old = await signIn('b', new FakeSocket(), { batch: false })
    const others = await Promise.all(['c', 'd'].map((token) => signIn(token)))
    const changes = new InProcessChangeBus()
    const hidden = { ...vibe, userId: 'user-a', moderation: { state: 'hidden', reason: null } }
    const readVibe = vi.fn(async (id: string) =>
      id === 'v1' ? (hidden as typeof hidden & { moderation: { state: 'hidden' } }) : undefined,
    )
    relayChanges({ changes, hub, readVibe, readUserCount: async () => 7, log: silentLog })
    await changes.publish({ type: 'vibe', op: 'update', id: 'v1', userId: 'user-a' })
    await changes.publish({ type: 'user-count' })
    const all = [author, authorsOtherTab, old, ...others]
    await vi.waitFor(() => expect(all.every((s) => s.messages.length >= 2)).toBe(true))
    await vi.waitFor(() =>
      expect(all.every((s) => s.messages.flatMap(unpack).length === 3)).toBe(true),
    )
    const count = { type: 'user-count', count: 7 }
    for (const socket of [author, authorsOtherTab]) {
      expect(socket.messages.flatMap(unpack).slice(1)).toEqual([
        { type: 'vibe', op: 'update', id: 'v1', vibe: hidden },
        count,
      ])
    }
    for (const socket of [old, ...others]) {
      expect(socket.messages.flatMap(unpack).slice(1)).toEqual([
        { type: 'vibe', op: 'delete', id: 'v1' },
        count,
      ])
    }
  })

  it('checks each session once per heartbeat and drops the signed-out ones', async () => {
    const checked: string[] = []
    const { hub, signIn } = setup({
      sessionIsActive: async (session) => {
        checked.push(session.sessionId)
        return session.sessionId !== 'session-out'
      },
    })
    const tabs = await Promise.all([signIn('in'), signIn('in'), signIn('out'), signIn('out')])
    await hub.beat()
    expect(checked.sort()).toEqual(['session-in', 'session-out'])
    expect(tabs.map((socket) => socket.closedWith)).toEqual([
      undefined,
      undefined,
      LIVE_CLOSE.unauthorized,
      LIVE_CLOSE.unauthorized,
    ])
  })

  it('closes sockets whose token expired without a fresh auth message', async () => {
    const { hub, signIn, advance } = setup()
    const socket = await signIn('x')
    advance(60_000)
    await hub.beat()
    expect(socket.closedWith).toBe(LIVE_CLOSE.unauthorized)
    expect(socket.messages.at(-1)).toMatchObject({ type: 'error', code: 'bad_jwt' })
  })

  it('closes a subscriber that cannot keep up instead of buffering without bound', async () => {
    const { hub, signIn } = setup()
    const slow = await signIn('slow')
    const fast = await signIn('fast')
    slow.bufferedAmount = 2 * 1024 * 1024
    const sentBefore = slow.sent.length
    hub.broadcast({ type: 'user-count', count: 3 })
    expect(slow.closedWith).toBe(LIVE_CLOSE.tooSlow)
    expect(slow.sent.length).toBe(sentBefore)
    expect(hub.stats.droppedSlow).toBe(1)
    expect(fast.messages.at(-1)).toEqual({ type: 'user-count', count: 3 })
  })

  it('holds replies to the same cap: a client that never reads cannot pile up error answers', async () => {
    const { hub, signIn } = setup()
    const socket = await signIn('reader-paused')
    socket.bufferedAmount = 2 * 1024 * 1024
    const connection = [
      ...(hub as unknown as { connections: Set<{ socket: FakeSocket; receive(d: string): void }> })
        .connections,
    ].find((c) => c.socket === socket)!
    connection.receive('{"type":"nonsense"}')
    await new Promise((resolve) => setImmediate(resolve))
    expect(socket.closedWith).toBe(LIVE_CLOSE.tooSlow)
    expect(socket.messages.some((m) => m.code === 'validation_failed')).toBe(false)
  })

  it('closes a socket that sends more messages than the protocol needs (1008)', async () => {
    const { hub, signIn } = setup()
    const socket = await signIn('flooder')
    const connection = [
      ...(hub as unknown as { connections: Set<{ socket: FakeSocket; receive(d: string): void }> })
        .connections,
    ].find((c) => c.socket === socket)!
    for (let i = 0; i < 100; i += 1) connection.receive('{"type":"nonsense"}')
    await new Promise((resolve) => setImmediate(resolve))
    expect(socket.closedWith).toBe(LIVE_CLOSE.tooManyMessages)
    expect(hub.stats.droppedFlooding).toBe(1)
    // The burst was answered; nothing after the limit was even parsed.
    expect(socket.messages.filter((m) => m.code === 'validation_failed').length).toBeLessThan(20)
    expect(socket.messages.at(-1)).toMatchObject({ type: 'error', code: 'too_many_messages' })
  })

  it('keeps sockets when the session check itself fails (database down)', async () => {
    const { hub, signIn } = setup({
      sessionIsActive: async () => {
        throw new Error('connection refused')
      },
    })
    const socket = await signIn('x')
    await hub.beat()
    expect(socket.closedWith).toBeUndefined()
  })

  it('writes each broadcast as one complete frame per socket when no extension is in use', async () => {
    const { hub, signIn } = setup()
    const plain = await signIn('a', new FakeWsSocket())
    const deflating = await signIn('b', new FakeWsSocket('permessage-deflate'))
    hub.broadcast({ type: 'user-count', count: 3 })
    const payload = Buffer.from('{"type":"user-count","count":3}')
    expect(plain.written).toEqual([textFrame(payload)])
    // With an extension, ws frames (and may compress) the message itself.
    expect(deflating.written).toEqual([])
    expect(deflating.messages.at(-1)).toEqual({ type: 'user-count', count: 3 })
    expect(hub.stats).toMatchObject({ framesSent: 4, passes: 1, batches: 0 })
  })

  it('sends the heartbeat ping and ping message in one write', async () => {
    const { hub, signIn } = setup()
    const socket = await signIn('a', new FakeWsSocket())
    await hub.beat()
    const ping = textFrame(Buffer.from('{"type":"ping"}'))
    expect(socket.written).toEqual([Buffer.concat([PING_CONTROL_FRAME, ping])])
  })

  it('drops a slow subscriber on the direct path too', async () => {
    const { hub, signIn } = setup()
    const slow = await signIn('slow', new FakeWsSocket())
    slow.bufferedAmount = 2 * 1024 * 1024
    hub.broadcast({ type: 'user-count', count: 3 })
    expect(slow.closedWith).toBe(LIVE_CLOSE.tooSlow)
    expect(slow.written).toEqual([])
  })

  it('batches changes that queue up, except for a client that never said it reads batches', async () => {
    const { hub, signIn } = setup({ maxConnectionsFor: () => 1000 })
    // More sockets than one chunk, so the first pass yields and the next changes queue up.
    const sockets = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        signIn(`t${i}`, new FakeSocket(), { batch: i !== 299 }),
      ),
    )
    hub.broadcast({ type: 'user-count', count: 1 })
    hub.broadcast({ type: 'user-count', count: 2 })
    hub.broadcast({ type: 'user-count', count: 3 })
    await vi.waitFor(() => expect(sockets[299]!.messages).toHaveLength(4))
    expect(sockets[299]!.messages.slice(1).map((m) => m.count)).toEqual([1, 2, 3])
    await vi.waitFor(() => expect(sockets[0]!.messages).toHaveLength(3))
    expect(sockets[0]!.messages.slice(1)).toEqual([
      { type: 'user-count', count: 1 },
      {
        type: 'batch',
        messages: [
          { type: 'user-count', count: 2 },
          { type: 'user-count', count: 3 },
        ],
      },
    ])
  })
})
