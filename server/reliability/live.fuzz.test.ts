import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ClientMessageSchema,
  LIVE_CLOSE,
  ServerMessageSchema,
} from '../../shared/live/live-protocol'
import { type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { anyText, anyValue, fuzzRuns } from '../test/fuzz'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 100
const SEQUENCE_RUNS = 60
/** The server's cap on one client message (server/live/live.plugin.ts). */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024

type Frame =
  | { kind: 'text'; data: string }
  | { kind: 'binary'; data: Uint8Array }
  | { kind: 'bad-utf8'; data: Uint8Array }

/** What a broken or hostile client may send: JSON of the wrong shape, junk, huge or binary frames. */
const anyFrame = (): fc.Arbitrary<Frame> =>
  fc.oneof(
    // Protocol-shaped messages with wrong types and stray fields.
    fc
      .record(
        {
          type: fc.oneof(fc.constantFrom('auth', 'pong', 'ping', 'subscribe', 'AUTH'), anyValue()),
          token: anyValue(),
          extra: anyValue(),
        },
        { requiredKeys: [] },
      )
      .map((message) => ({ kind: 'text' as const, data: JSON.stringify(message) })),
    anyValue().map((value) => ({ kind: 'text' as const, data: JSON.stringify(value) ?? 'null' })),
    anyText().map((text) => ({ kind: 'text' as const, data: text })),
    // Over the size cap, as text and as binary.
    fc
      .integer({ min: MAX_CLIENT_MESSAGE_BYTES + 1, max: 4 * MAX_CLIENT_MESSAGE_BYTES })
      .map((size) => ({
        kind: 'text' as const,
        data: JSON.stringify({ type: 'auth', token: 'x'.repeat(size) }),
      })),
    fc.uint8Array({ maxLength: 256 }).map((data) => ({ kind: 'binary' as const, data })),
    fc.constant({ kind: 'bad-utf8' as const, data: Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]) }),
  )

const send = (client: LiveTestClient, frame: Frame) => {
  if (frame.kind === 'text') client.socket.send(frame.data)
  else client.socket.send(frame.data, { binary: frame.kind === 'binary' })
}
const isHuge = (frame: Frame) =>
  frame.kind === 'text' && Buffer.byteLength(frame.data) > MAX_CLIENT_MESSAGE_BYTES

// Protocol violations end the socket (1009 too big, 1007 bad UTF-8, 4401 bad auth) or, for an
// unterminated socket the server hangs up on, 1006 as the client sees it.
const PRE_AUTH_CLOSES = [LIVE_CLOSE.unauthorized, 1009, 1007, 1006]

// Random frames on the live channel: never a crash, a hang or a socket left open forever; every
// message the server sends is valid; a signed-in socket survives junk that fits the protocol.
describe('live channel under random frames', () => {
  // The per-address cap is far above what the properties hold open at once.
  const t = useTestApp({
    LIVE_HEARTBEAT_S: '5',
    LIVE_MAX_CONNECTIONS_PER_IP: '1000',
    // One account's sockets, opened one after another faster than their closes are seen.
    LIVE_MAX_CONNECTIONS_PER_ACCOUNT: '1000',
  })
  let url: string
  let user: SignedUpUser
  let framesSent = 0
  beforeAll(async () => {
    url = await t.listen()
    user = await signUpUser(t)
  })
  afterAll(() => {
    console.info(`live fuzz: ${framesSent} frames sent`)
  })

  const expectValidMessages = (client: LiveTestClient) => {
    for (const message of client.messages) {
      expect(ServerMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true)
    }
  }

  it('a first frame that is not a valid auth closes the socket with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(anyFrame(), async (frame) => {
        framesSent += 1
        const client = await LiveTestClient.connect(url)
        try {
          send(client, frame)
          // Bounded by the auth timeout at worst: a hang fails the test.
          const { code } = await client.closed
          expect(PRE_AUTH_CLOSES).toContain(code)
          expectValidMessages(client)
          expect(client.messages.some((message) => message.type === 'ready')).toBe(false)
          if (code === LIVE_CLOSE.unauthorized) {
            expect(client.messages.at(-1)).toMatchObject({ type: 'error' })
          }
        } finally {
          client.close()
        }
      }),
      fuzzRuns(RUNS),
    )
  })

  it('a signed-in socket answers junk with an error and stays; oversized frames end it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyFrame(), { minLength: 1, maxLength: 5 }), async (frames) => {
        const client = await LiveTestClient.signedIn(url, user.accessToken)
        try {
          for (const frame of frames) {
            framesSent += 1
            send(client, frame)
          }
          // A probe the server must answer if the socket is still alive.
          client.send({ type: 'probe' })
          const fatal = frames.findIndex(
            (frame) =>
              isHuge(frame) ||
              frame.kind === 'bad-utf8' ||
              // An auth message with a token that fits the schema re-authenticates, and fails.
              (frame.kind === 'text' && isAuthAttempt(frame.data)),
          )
          if (fatal === -1) {
            // One error per frame that is not a protocol message, and one for the probe.
            const expected = frames.filter((frame) => !isClientMessage(frame)).length + 1
            const errors = () =>
              client.messages.filter(
                (message) => message.type === 'error' && message.code === 'validation_failed',
              ).length
            await eventually(() => errors() >= expected)
            expect(errors()).toBe(expected)
            expect(client.socket.readyState).toBe(client.socket.OPEN)
          } else {
            const { code } = await client.closed
            expect([...PRE_AUTH_CLOSES, LIVE_CLOSE.unauthorized]).toContain(code)
          }
          expectValidMessages(client)
        } finally {
          client.close()
        }
      }),
      fuzzRuns(SEQUENCE_RUNS),
    )
  })

  it('is still serving afterwards, and no socket was left behind', async () => {
    await eventually(() => t.app.ctx.live.stats.sockets === 0)
    const client = await LiveTestClient.signedIn(url, user.accessToken)
    try {
      const { vibe: created } = await signUpWithVibe(t, {
        username: 'Still',
        emoji: '🎧',
        status: 'here',
      })
      await client.next((message) => message.type === 'vibe' && message.id === created.id)
    } finally {
      client.close()
    }
    expect(await t.database.db.selectFrom('vibes').select('id').execute()).toHaveLength(1)
  })
})

/** True for `{ type: 'auth', token: <1..4096 chars> }`, which the server takes as a new token. */
function isAuthAttempt(text: string): boolean {
  try {
    const message = JSON.parse(text)
    return (
      message?.type === 'auth' &&
      typeof message.token === 'string' &&
      message.token.length >= 1 &&
      message.token.length <= 4096
    )
  } catch {
    return false
  }
}

function isClientMessage(frame: Frame): boolean {
  if (frame.kind !== 'text') return false
  try {
    return ClientMessageSchema.safeParse(JSON.parse(frame.data)).success
  } catch {
    return false
  }
}
