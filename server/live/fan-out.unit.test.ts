import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { FanOut, type PreparedFrame } from './fan-out'

function setup(options: {
  recipients: number
  chunk?: number
  maxWaitMs?: number
  withoutBatch?: number[]
}) {
  const recipients = Array.from({ length: options.recipients }, (_, id) => ({
    id,
    got: [] as string[],
    batch: !options.withoutBatch?.includes(id),
  }))
  const errors: unknown[] = []
  const fanOut = new FanOut({
    recipients,
    send: (recipient, frame: PreparedFrame) => {
      recipient.got.push(frame.payload.toString())
      return true
    },
    acceptsBatch: (recipient) => recipient.batch,
    onError: (error) => errors.push(error),
    chunk: options.chunk,
    maxWaitMs: options.maxWaitMs,
  })
  const settled = async () => {
    while (recipients.some((r) => r.got.length < recipients[0]!.got.length)) await nextTurn()
  }
  return { recipients, fanOut, errors, settled }
}

describe('fan-out passes', () => {
  it('sends a message to every recipient at once when no pass is running', () => {
    const { recipients, fanOut } = setup({ recipients: 3 })
    fanOut.push('{"type":"user-count","count":1}')
    for (const recipient of recipients)
      expect(recipient.got).toEqual(['{"type":"user-count","count":1}'])
    expect(fanOut.counters).toMatchObject({ passes: 1, batches: 0, framesSent: 3 })
  })

  it('gives the event loop a turn between chunks, and batches what arrived meanwhile, in order', async () => {
    const { recipients, fanOut, settled } = setup({ recipients: 10, chunk: 4 })
    let turns = 0
    const ticker = setInterval(() => (turns += 1), 0)
    fanOut.push('{"n":1}')
    // The first chunk went out synchronously; the rest waits for the event loop.
    expect(recipients.filter((r) => r.got.length > 0)).toHaveLength(4)
    fanOut.push('{"n":2}')
    fanOut.push('{"n":3}')
    await settled()
    await new Promise((resolve) => setTimeout(resolve, 20))
    clearInterval(ticker)
    for (const recipient of recipients) {
      expect(recipient.got).toEqual(['{"n":1}', '{"type":"batch","messages":[{"n":2},{"n":3}]}'])
    }
    expect(turns).toBeGreaterThan(0)
    expect(fanOut.counters).toMatchObject({ passes: 2, batches: 1, framesSent: 20 })
  })

  it('sends queued messages one frame each, in order, to a client that never asked for batches', async () => {
    const { recipients, fanOut, settled } = setup({ recipients: 6, chunk: 2, withoutBatch: [4] })
    fanOut.push('{"n":1}')
    fanOut.push('{"n":2}')
    fanOut.push('{"n":3}')
    await settled()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(recipients[4]!.got).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    for (const recipient of recipients.filter((r) => r.batch)) {
      expect(recipient.got).toEqual(['{"n":1}', '{"type":"batch","messages":[{"n":2},{"n":3}]}'])
    }
    expect(fanOut.counters).toMatchObject({ passes: 2, batches: 1, framesSent: 13 })
  })

  it('reaches recipients that join during a pass, and skips the ones it may not send to', async () => {
    const recipients = new Set<{ got: string[]; open: boolean }>()
    for (let i = 0; i < 6; i++) recipients.add({ got: [], open: true })
    const fanOut = new FanOut({
      recipients,
      send: (recipient, frame) => {
        if (!recipient.open) return false
        recipient.got.push(frame.payload.toString())
        return true
      },
      acceptsBatch: () => true,
      onError: () => {},
      chunk: 2,
    })
    fanOut.push('{"n":1}')
    const late = { got: [] as string[], open: true }
    recipients.add(late)
    const [first, , , , , last] = [...recipients]
    last!.open = false
    while (late.got.length === 0) await nextTurn()
    expect(first!.got).toEqual(['{"n":1}'])
    expect(last!.got).toEqual([])
    expect(late.got).toEqual(['{"n":1}'])
  })

  it('paces passes by their own cost, so a change waits at most maxWaitMs', async () => {
    let now = 0
    const got: string[] = []
    const fanOut = new FanOut({
      recipients: [1],
      send: (_, frame) => {
        // Each pass "takes" 30 ms of the clock.
        now += 30
        got.push(frame.payload.toString())
        return true
      },
      acceptsBatch: () => true,
      onError: () => {},
      maxWaitMs: 50,
      now: () => now,
    })
    fanOut.push('{"n":1}')
    expect(got).toHaveLength(1)
    // The last pass took 30 ms: the next may start 60 ms after it began, but waits only 50.
    fanOut.push('{"n":2}')
    fanOut.push('{"n":3}')
    expect(got).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(got).toEqual(['{"n":1}', '{"type":"batch","messages":[{"n":2},{"n":3}]}'])
  })

  it('leaves out the vibes of people a recipient hides, sharing each variant among recipients', async () => {
    const hides: Record<number, ReadonlySet<string>> = { 1: new Set(['ann']), 2: new Set(['ann']) }
    const recipients = [0, 1, 2, 3].map((id) => ({ id, got: [] as string[], batch: id !== 3 }))
    const passes: number[] = []
    const fanOut = new FanOut({
      recipients,
      send: (recipient, frame) => {
        recipient.got.push(frame.payload.toString())
        return true
      },
      acceptsBatch: (recipient) => recipient.batch,
      hiddenFrom: (recipient) => hides[recipient.id] ?? new Set(),
      onPass: (pass) => passes.push(pass.messages),
      onError: () => {},
      chunk: 1,
    })
    fanOut.push('{"n":1}', { author: 'ann' })
    fanOut.push('{"n":2}', { author: 'bob' })
    fanOut.push('{"n":3}')
    fanOut.push('{"n":4}', { author: 'ann' })
    while (passes.length < 2) await nextTurn()
    expect(recipients[0]!.got).toEqual([
      '{"n":1}',
      '{"type":"batch","messages":[{"n":2},{"n":3},{"n":4}]}',
    ])
    // Ann's messages are left out; what remains goes as one frame (a batch when several).
    expect(recipients[1]!.got).toEqual(['{"type":"batch","messages":[{"n":2},{"n":3}]}'])
    expect(recipients[2]!.got).toEqual(recipients[1]!.got)
    // A page without batches gets each message it may see in a frame of its own.
    expect(recipients[3]!.got).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}'])
    // Two recipients in each of the two passes.
    expect(fanOut.counters.filtered).toBe(4)
  })

  it('sends nothing to a recipient who hides every author in a pass', () => {
    const got: string[] = []
    const fanOut = new FanOut({
      recipients: [{ hides: new Set(['ann']) }, { hides: new Set<string>() }],
      send: (_recipient, frame) => {
        got.push(frame.payload.toString())
        return true
      },
      acceptsBatch: () => true,
      hiddenFrom: (recipient) => recipient.hides,
      onError: () => {},
    })
    fanOut.push('{"n":1}', { author: 'ann' })
    expect(got).toEqual(['{"n":1}'])
  })

  it("gives an author their own copy of a message in the same pass that skips a blocked author's", () => {
    const got: Record<string, string[]> = { ann: [], bob: [], cy: [] }
    const hides: Record<string, ReadonlySet<string>> = { cy: new Set(['bob']) }
    const fanOut = new FanOut({
      recipients: ['ann', 'bob', 'cy'],
      send: (recipient, frame) => {
        got[recipient]!.push(frame.payload.toString())
        return true
      },
      acceptsBatch: () => true,
      userOf: (recipient) => recipient,
      hiddenFrom: (recipient) => hides[recipient] ?? new Set(),
      onError: () => {},
      maxWaitMs: 1_000,
    })
    // Ann's vibe was hidden: everyone is told it is gone, Ann that it is under review. Bob, whom
    // Cy blocked, posted; both in one pass.
    fanOut.push('{"first":true}')
    fanOut.push('{"gone":"ann"}', {
      author: 'ann',
      swap: { userId: 'ann', json: '{"review":"ann"}' },
    })
    fanOut.push('{"new":"bob"}', { author: 'bob' })
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        const second = (who: string) => got[who]![1]
        expect(second('ann')).toBe('{"type":"batch","messages":[{"review":"ann"},{"new":"bob"}]}')
        expect(second('bob')).toBe('{"type":"batch","messages":[{"gone":"ann"},{"new":"bob"}]}')
        expect(second('cy')).toBe('{"gone":"ann"}')
        resolve()
      }, 50),
    )
  })
})
