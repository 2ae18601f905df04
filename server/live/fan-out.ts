import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import { textFrame } from './text-frame'

/** A message serialized once and framed once, ready to be written to any number of sockets. */
export interface PreparedFrame {
  /** The JSON text, for sockets that go through `ws`'s own sender. */
  payload: Buffer
  /** The complete WebSocket frame, for one write straight to the socket's stream. */
  wire: Buffer
}

export function prepareFrame(json: string): PreparedFrame {
  const payload = Buffer.from(json)
  return { payload, wire: textFrame(payload) }
}

/** Sockets written to before the event loop gets a turn, so a pass never starves HTTP requests. */
export const FAN_OUT_CHUNK = 256

export interface FanOutOptions<T> {
  /** Iterated live, a chunk at a time: sockets that leave mid-pass are skipped. */
  recipients: Iterable<T>
  /** Writes the frame to one recipient; false when it was skipped. */
  send(recipient: T, frame: PreparedFrame): boolean
  /** Whether a recipient understands `batch` frames; the others get one frame per message. */
  acceptsBatch(recipient: T): boolean
  /** The account a recipient is signed in as: a message's swap names one (see `push`). */
  userOf?(recipient: T): string | undefined
  onError(error: unknown): void
  /** The most a change waits for the next pass to start (0: passes run back to back). */
  maxWaitMs?: number
  now?: () => number
  chunk?: number
}

/**
 * Sends broadcast messages to every recipient in passes: one frame to everybody, yielding to the
 * event loop every `chunk` sockets. Messages that arrive while a pass runs, or before the next may
 * start, go out together in the next one as a single `batch` frame, in order.
 *
 * Writing to a socket costs mostly one system call, whatever the frame holds, so passes are what
 * cost. A pass starts no sooner than twice the previous one's duration after it started (fan-out
 * takes at most about half of the process), and never waits more than `maxWaitMs`: with a few
 * sockets a pass takes microseconds and changes go out at once; with thousands they share frames.
 */
/** A message one account's recipients get instead of the one everybody else gets. */
export interface Swap {
  userId: string
  json: string
}

interface Pending {
  json: string
  swap?: Swap | undefined
}

export class FanOut<T> {
  readonly counters = { passes: 0, batches: 0, framesSent: 0, bytesSent: 0 }
  private pending: Pending[] = []
  private sending = false
  private lastPass = { startedAt: Number.NEGATIVE_INFINITY, durationMs: 0 }
  private readonly chunk: number
  private readonly maxWaitMs: number
  private readonly now: () => number

  constructor(private readonly options: FanOutOptions<T>) {
    this.chunk = options.chunk ?? FAN_OUT_CHUNK
    this.maxWaitMs = options.maxWaitMs ?? 0
    this.now = options.now ?? (() => performance.now())
  }

  /**
   * Queues one serialized message; sending starts at once unless a pass is under way or due. With
   * a `swap`, that account's recipients get its message in the same place instead (a hidden
   * vibe's author is told where it stands while everyone else is told it is gone).
   */
  push(json: string, swap?: Swap): void {
    this.pending.push({ json, swap })
    if (!this.sending) void this.drain()
  }

  private async drain(): Promise<void> {
    this.sending = true
    try {
      while (this.pending.length > 0) {
        const { startedAt, durationMs } = this.lastPass
        const wait = startedAt + Math.min(this.maxWaitMs, 2 * durationMs) - this.now()
        if (wait > 0) await sleep(wait)
        const messages = this.pending
        this.pending = []
        const started = this.now()
        await this.pass(messages)
        this.lastPass = { startedAt: started, durationMs: this.now() - started }
      }
    } catch (error) {
      this.options.onError(error)
    } finally {
      this.sending = false
    }
  }

  private async pass(pending: Pending[]): Promise<void> {
    this.counters.passes += 1
    if (pending.length > 1) this.counters.batches += 1
    const everyone = this.framesFor(pending.map((message) => message.json))
    // Only a pass with a swap looks at whose each socket is (they are rare: moderation).
    const swapped = new Set(
      pending.flatMap((message) => (message.swap ? [message.swap.userId] : [])),
    )
    const theirs = new Map<string, Frames>()
    let sinceTurn = 0
    for (const recipient of this.options.recipients) {
      const user = swapped.size > 0 ? this.options.userOf?.(recipient) : undefined
      let frames = everyone
      if (user !== undefined && swapped.has(user)) {
        frames =
          theirs.get(user) ??
          this.framesFor(pending.map((m) => (m.swap?.userId === user ? m.swap.json : m.json)))
        theirs.set(user, frames)
      }
      if (pending.length === 1 || this.options.acceptsBatch(recipient)) {
        if (!this.sendOne(recipient, frames.whole)) continue
      } else {
        frames.singles ??= frames.messages.map(prepareFrame)
        if (!frames.singles.every((single) => this.sendOne(recipient, single))) continue
      }
      if (++sinceTurn < this.chunk) continue
      sinceTurn = 0
      await nextTurn()
    }
  }

  /** One pass's frames for a list of messages: the batch, and singles built when first needed. */
  private framesFor(messages: string[]): Frames {
    return { messages, whole: prepareFrame(batchJson(messages)) }
  }

  private sendOne(recipient: T, frame: PreparedFrame): boolean {
    if (!this.options.send(recipient, frame)) return false
    this.counters.framesSent += 1
    this.counters.bytesSent += frame.payload.byteLength
    return true
  }
}

interface Frames {
  messages: string[]
  whole: PreparedFrame
  /** One frame per message, in order, for recipients that can't take a batch. */
  singles?: PreparedFrame[]
}

/** One message as it is, several as a `batch` (joined as text: each was serialized already). */
function batchJson(messages: string[]): string {
  if (messages.length === 1) return messages[0]!
  return `{"type":"batch","messages":[${messages.join(',')}]}`
}
