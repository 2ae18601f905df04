import { z } from 'zod'
import { VibeSchema } from '../vibes/vibe.schema'

/**
 * The live channel at `/api/live` (WebSocket). The client's first message authenticates; it sends
 * the new token again after every refresh, so the connection survives token rotation.
 */
export const LIVE_PATH = '/api/live'

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('pong') }),
])
export type ClientMessage = z.infer<typeof ClientMessageSchema>

export const ServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; the client should (re)sync the first feed page and the count now. */
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('vibe'),
    op: z.enum(['insert', 'update', 'delete']),
    id: z.string(),
    /** The row after the change; absent for deletes. */
    vibe: VibeSchema.optional(),
  }),
  z.object({ type: z.literal('user-count'), count: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
  /** The server is going away (shutdown): reconnect after a short random delay. */
  z.object({ type: z.literal('reconnect') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
])
export type ServerMessage = z.infer<typeof ServerMessageSchema>

/** WebSocket close codes the server uses (4000-4999 are free for applications). */
export const LIVE_CLOSE = {
  unauthorized: 4401,
  tooManyConnections: 4429,
  authTimeout: 4408,
  goingAway: 1001,
} as const
