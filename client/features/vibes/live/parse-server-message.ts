import type { ServerMessage } from '../../../../shared/live/live-protocol'
import { isJsonObject } from '../../../lib/is-json-object'

type Frame = Record<string, unknown>

const VIBE_FIELDS = ['id', 'userId', 'username', 'emoji', 'status', 'createdAt', 'updatedAt']
const isVibe = (value: unknown) =>
  isJsonObject(value) && VIBE_FIELDS.every((field) => typeof value[field] === 'string')

/** What the server sends everyone, alone or in a batch (`BroadcastMessageSchema`). */
function isBroadcast(message: Frame): boolean {
  switch (message.type) {
    case 'ready':
      return true
    case 'vibe':
      return (
        (message.op === 'insert' || message.op === 'update' || message.op === 'delete') &&
        typeof message.id === 'string' &&
        (message.vibe === undefined || isVibe(message.vibe))
      )
    case 'user-count':
      return Number.isInteger(message.count) && (message.count as number) >= 0
    case 'lineup':
      return typeof message.etag === 'string'
    default:
      return false
  }
}

/** `ServerMessageSchema`, checked by hand. */
function isServerMessage(message: Frame): boolean {
  switch (message.type) {
    case 'batch':
      return (
        Array.isArray(message.messages) &&
        message.messages.length > 0 &&
        message.messages.every((inner) => isJsonObject(inner) && isBroadcast(inner))
      )
    case 'ping':
    case 'reconnect':
      return true
    case 'game':
      return (
        Number.isInteger(message.level) &&
        Array.isArray(message.unlocked) &&
        message.unlocked.every(
          (badge) =>
            isJsonObject(badge) && typeof badge.id === 'string' && typeof badge.name === 'string',
        )
      )
    case 'error':
      return typeof message.code === 'string' && typeof message.message === 'string'
    default:
      return isBroadcast(message)
  }
}

/**
 * A WebSocket frame as a protocol message, or null when it is not one. The protocol's zod schemas
 * are checked by hand here: the few fields a message needs are quick to test, while zod cost the
 * page its own load and the schemas' build on every start (ADR 016). The server's tests hold the
 * schemas to what it sends; `parse-server-message.test.ts` holds this to the schemas.
 */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null
  let message: unknown
  try {
    message = JSON.parse(data)
  } catch {
    return null
  }
  return isJsonObject(message) && isServerMessage(message) ? (message as ServerMessage) : null
}
