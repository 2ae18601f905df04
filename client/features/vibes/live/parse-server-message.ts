import { type ServerMessage, ServerMessageSchema } from '../../../../shared/live/live-protocol'

/** A WebSocket frame as a protocol message, or null when it is not one. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null
  try {
    const parsed = ServerMessageSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
