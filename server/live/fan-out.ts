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
/** A message waiting for a pass: its JSON, its author when it is someone's vibe, when it came. */
interface Pending {
  json: string
  author: string | undefined
  at: number
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
   * message with an `author` skips the recipients who hide that person.
   */
  push(json: string, author?: string): void {
    this.pending.push({ json, author, at: this.now() })
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
    const authored = this.options.hiddenFrom && messages.some((message) => message.author)
    let sinceTurn = 0
    for (const recipient of this.options.recipients) {
      let kept: readonly number[] | undefined
      if (authored) {
        const hidden = this.options.hiddenFrom!(recipient)
        if (hidden.size > 0) kept = keptFor(messages, hidden)
        if (kept) this.counters.filtered += 1
        if (kept?.length === 0) continue
      }
      if (!this.sendAll(recipient, frames.for(kept, this.options.acceptsBatch(recipient)))) continue
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

/** The indexes of the messages whose author the recipient does not hide; undefined for all. */
function keptFor(messages: readonly Pending[], hidden: ReadonlySet<string>): number[] | undefined {
  const kept: number[] = []
  messages.forEach((message, index) => {
    if (!message.author || !hidden.has(message.author)) kept.push(index)
  })
  return kept.length === messages.length ? undefined : kept
}

/**
 * One pass's frames, each built once and only when some recipient needs it: everything as one
 * frame (a batch when there are several), or one frame per message for pages that read no
 * batches, and the same for each subset of messages that blocks leave someone.
 */
class Frames {
  private readonly variants = new Map<string, PreparedFrame[]>()
  private singles: PreparedFrame[] | undefined
  private all: PreparedFrame[] | undefined

  constructor(private readonly messages: readonly Pending[]) {}

  /** What a recipient gets: everything (`kept` undefined) or the messages at `kept`. */
  for(kept: readonly number[] | undefined, acceptsBatch: boolean): PreparedFrame[] {
    const count = kept ? kept.length : this.messages.length
    if (count > 1 && !acceptsBatch) {
      this.singles ??= this.messages.map((message) => prepareFrame(message.json))
      return kept ? kept.map((index) => this.singles![index]!) : this.singles
    }
    if (!kept) {
      this.all ??= [prepareFrame(batchJson(this.messages.map((message) => message.json)))]
      return this.all
    }
    const key = kept.join(',')
    let frames = this.variants.get(key)
    if (!frames) {
      frames = [prepareFrame(batchJson(kept.map((index) => this.messages[index]!.json)))]
      this.variants.set(key, frames)
    }
    return frames
  }
}

/** One message as it is, several as a `batch` (joined as text: each was serialized already). */
function batchJson(messages: string[]): string {
  if (messages.length === 1) return messages[0]!
  return `{"type":"batch","messages":[${messages.join(',')}]}`
}
