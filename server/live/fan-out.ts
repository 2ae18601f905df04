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
  /**
   * Whose messages the recipient must not get (blocked either way, ADR 032): most have nobody,
   * and get the pass's shared frame.
   */
  hiddenFrom?(recipient: T): ReadonlySet<string>
  /** After each pass: how long its oldest message waited to be written (lag), and the pass. */
  onPass?(pass: { lagMs: number; durationMs: number; messages: number }): void
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

/** How a message is sent: whose vibe it carries (blocks), and its author's own copy (moderation). */
export interface Addressing {
  author?: string | undefined
  swap?: Swap | undefined
}

/** A message waiting for a pass: its JSON, how it is addressed, when it came. */
interface Pending extends Addressing {
  json: string
  at: number
}

/** One message of a recipient's share of a pass: which, and whether its author's copy. */
interface Part {
  index: number
  swapped: boolean
}

export class FanOut<T> {
  readonly counters = { passes: 0, batches: 0, framesSent: 0, bytesSent: 0, filtered: 0 }
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
   * Queues one serialized message; sending starts at once unless a pass is under way or due. A
   * message with an `author` skips the recipients who hide that person; with a `swap`, that
   * account's recipients get its message in the same place instead (a hidden vibe's author is
   * told where it stands while everyone else is told it is gone).
   */
  push(json: string, addressing: Addressing = {}): void {
    this.pending.push({ json, ...addressing, at: this.now() })
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
        const ended = this.now()
        this.lastPass = { startedAt: started, durationMs: ended - started }
        this.options.onPass?.({
          lagMs: ended - messages[0]!.at,
          durationMs: ended - started,
          messages: messages.length,
        })
      }
    } catch (error) {
      this.options.onError(error)
    } finally {
      this.sending = false
    }
  }

  private async pass(messages: Pending[]): Promise<void> {
    this.counters.passes += 1
    if (messages.length > 1) this.counters.batches += 1
    const frames = new Frames(messages)
    // Only a pass with an authored or swapped message looks at each recipient (blocks and
    // moderation are rare): the others all get the pass's shared frame.
    const authored = this.options.hiddenFrom && messages.some((message) => message.author)
    const swapped = new Set(messages.flatMap((message) => message.swap?.userId ?? []))
    let sinceTurn = 0
    for (const recipient of this.options.recipients) {
      const hidden = authored ? this.options.hiddenFrom!(recipient) : undefined
      const user = swapped.size > 0 ? this.options.userOf?.(recipient) : undefined
      const parts = partsFor(
        messages,
        hidden,
        user !== undefined && swapped.has(user) ? user : undefined,
      )
      if (parts) this.counters.filtered += 1
      if (parts?.length === 0) continue
      if (!this.sendAll(recipient, frames.for(parts, this.options.acceptsBatch(recipient))))
        continue
      if (++sinceTurn < this.chunk) continue
      sinceTurn = 0
      await nextTurn()
    }
  }

  private sendAll(recipient: T, frames: readonly PreparedFrame[]): boolean {
    return frames.every((frame) => this.sendOne(recipient, frame))
  }

  private sendOne(recipient: T, frame: PreparedFrame): boolean {
    if (!this.options.send(recipient, frame)) return false
    this.counters.framesSent += 1
    this.counters.bytesSent += frame.payload.byteLength
    return true
  }
}

/**
 * A recipient's share of a pass: the messages whose author it does not hide, each its author's
 * copy where the recipient is that account; undefined when that is every message as it is.
 */
function partsFor(
  messages: readonly Pending[],
  hidden: ReadonlySet<string> | undefined,
  swappedFor: string | undefined,
): Part[] | undefined {
  if (!swappedFor && !hidden?.size) return undefined
  const parts: Part[] = []
  messages.forEach((message, index) => {
    if (message.author && hidden?.has(message.author)) return
    parts.push({ index, swapped: swappedFor !== undefined && message.swap?.userId === swappedFor })
  })
  const asIs = parts.length === messages.length && parts.every((part) => !part.swapped)
  return asIs ? undefined : parts
}

/**
 * One pass's frames, each built once and only when some recipient needs it: everything as one
 * frame (a batch when there are several), or one frame per message for pages that read no
 * batches, and the same for each share of the messages that blocks or a swap leave someone.
 */
class Frames {
  private readonly variants = new Map<string, PreparedFrame[]>()
  private readonly singles = new Map<string, PreparedFrame>()
  private all: PreparedFrame[] | undefined

  constructor(private readonly messages: readonly Pending[]) {}

  /** What a recipient gets: everything as it is (`parts` undefined), or its share. */
  for(parts: readonly Part[] | undefined, acceptsBatch: boolean): PreparedFrame[] {
    const chosen = parts ?? this.messages.map((_, index) => ({ index, swapped: false }))
    if (chosen.length > 1 && !acceptsBatch) return chosen.map((part) => this.single(part))
    if (!parts) {
      this.all ??= [prepareFrame(batchJson(chosen.map((part) => this.jsonOf(part))))]
      return this.all
    }
    const key = parts.map(keyOf).join(',')
    let frames = this.variants.get(key)
    if (!frames) {
      frames = [prepareFrame(batchJson(parts.map((part) => this.jsonOf(part))))]
      this.variants.set(key, frames)
    }
    return frames
  }

  private single(part: Part): PreparedFrame {
    const key = keyOf(part)
    let frame = this.singles.get(key)
    if (!frame) {
      frame = prepareFrame(this.jsonOf(part))
      this.singles.set(key, frame)
    }
    return frame
  }

  private jsonOf({ index, swapped }: Part): string {
    const message = this.messages[index]!
    return swapped && message.swap ? message.swap.json : message.json
  }
}

const keyOf = (part: Part) => `${part.index}${part.swapped ? 's' : ''}`

/** One message as it is, several as a `batch` (joined as text: each was serialized already). */
function batchJson(messages: string[]): string {
  if (messages.length === 1) return messages[0]!
  return `{"type":"batch","messages":[${messages.join(',')}]}`
}
