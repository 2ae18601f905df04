import { describe, expect, it } from 'vitest'
import { ServerMessageSchema } from '../../../../shared/live/live-protocol'
import { parseServerMessage } from './parse-server-message'

const vibe = {
  id: 'v1',
  userId: 'u1',
  username: 'DiscoDiva',
  emoji: '🪩',
  status: 'Mirror ball moment',
  createdAt: '2026-07-10T20:30:00.000Z',
  updatedAt: '2026-07-10T20:30:00.000Z',
}

// Frames the protocol allows and frames it does not: the hand-written check must agree with the
// schema the server is held to on every one.
const FRAMES: unknown[] = [
  { type: 'ready' },
  { type: 'ping' },
  { type: 'reconnect' },
  { type: 'error', code: 'bad_jwt', message: 'Expired' },
  { type: 'error', code: 'bad_jwt' },
  { type: 'user-count', count: 3 },
  { type: 'user-count', count: -1 },
  { type: 'user-count', count: 1.5 },
  { type: 'user-count', count: '3' },
  { type: 'lineup', etag: '"abc"' },
  { type: 'lineup' },
  { type: 'lineup', etag: 3 },
  { type: 'vibe', op: 'insert', id: 'v1', vibe },
  { type: 'vibe', op: 'delete', id: 'v1' },
  { type: 'vibe', op: 'explode', id: 'v1' },
  { type: 'vibe', op: 'update', id: 7, vibe },
  { type: 'vibe', op: 'update', id: 'v1', vibe: { ...vibe, status: null } },
  { type: 'batch', messages: [{ type: 'user-count', count: 1 }, { type: 'ready' }] },
  { type: 'batch', messages: [{ type: 'user-count', count: 1 }, { type: 'ping' }] },
  { type: 'batch', messages: [] },
  { type: 'batch', messages: [null] },
  { type: 'batch' },
  { type: 'game', level: 2, unlocked: [{ id: 'crew', name: 'Crew' }] },
  { type: 'game', level: 1, unlocked: [] },
  { type: 'game', level: '2', unlocked: [] },
  { type: 'game', level: 2, unlocked: [{ id: 'crew' }] },
  { type: 'game', level: 2 },
  { type: 'batch', messages: [{ type: 'game', level: 2, unlocked: [] }] },
  { type: 'party' },
  { count: 3 },
  [],
  null,
  42,
]

describe('parseServerMessage', () => {
  it.each(FRAMES.map((frame) => [JSON.stringify(frame), frame]))(
    'agrees with the protocol schema on %s',
    (text, frame) => {
      const expected = ServerMessageSchema.safeParse(frame).success ? frame : null
      expect(parseServerMessage(text)).toEqual(expected)
    },
  )

  it('refuses what is not JSON text', () => {
    expect(parseServerMessage('not json')).toBeNull()
    expect(parseServerMessage(new ArrayBuffer(4))).toBeNull()
  })
})
