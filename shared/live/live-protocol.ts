import { z } from 'zod'
import { VibeModerationSchema, VibeSchema } from '../vibes/vibe.schema'

/**
 * The live channel at `/api/live` (WebSocket): its messages. The client's first message
 * authenticates; it sends the new token again after every refresh, so the connection survives
 * token rotation. The path, close codes and `unbatch` are in `live-channel.ts`, free of zod for
 * the browser, and exported here too.
 */
export { LIVE_CLOSE, LIVE_PATH, unbatch } from './live-channel'

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    /**
     * The client understands `batch` frames. A page loaded before the server learnt to batch
     * (open across a deploy) doesn't say so, and gets every change in a frame of its own.
     */
    batch: z.literal(true).optional(),
  }),
  z.object({ type: z.literal('pong') }),
])
export type ClientMessage = z.infer<typeof ClientMessageSchema>

/** Authenticated; the client should (re)sync the first feed page and the count now. */
const ReadyMessageSchema = z.object({ type: z.literal('ready') })

/** What the server sends every signed-in socket alike, one change at a time or in a `batch`. */
export const BroadcastMessageSchema = z.discriminatedUnion('type', [
  ReadyMessageSchema,
  z.object({
    type: z.literal('vibe'),
    op: z.enum(['insert', 'update', 'delete']),
    id: z.string(),
    /**
     * The row after the change; absent for deletes. Its author's own copy carries `moderation`
     * while it is hidden or removed (everyone else is sent a delete then); absent means visible.
     */
    vibe: VibeSchema.extend({ moderation: VibeModerationSchema.optional() }).optional(),
  }),
  z.object({ type: z.literal('user-count'), count: z.number().int().min(0) }),
  /** The lineup changed (its new ETag): refetch it; now/next and my schedule follow. */
  z.object({ type: z.literal('lineup'), etag: z.string() }),
])
export type BroadcastMessage = z.infer<typeof BroadcastMessageSchema>

export const ServerMessageSchema = z.discriminatedUnion('type', [
  ...BroadcastMessageSchema.options,
  /**
   * Changes that queued up while the server was still sending earlier ones, in the order they
   * happened: apply them one after another, exactly as if they had come one per frame.
   */
  z.object({ type: z.literal('batch'), messages: z.array(BroadcastMessageSchema).min(1) }),
  z.object({ type: z.literal('ping') }),
  /** My game changed (only my sockets get this): my level now, and badges just unlocked. */
  z.object({
    type: z.literal('game'),
    level: z.number().int(),
    unlocked: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** The server is going away (shutdown): reconnect after a short random delay. */
  z.object({ type: z.literal('reconnect') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
])
export type ServerMessage = z.infer<typeof ServerMessageSchema>

/** A server message other than `batch`: what a client handles, one at a time. */
export type SingleServerMessage = Exclude<ServerMessage, { type: 'batch' }>
