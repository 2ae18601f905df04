import type { ServerMessage, SingleServerMessage } from './live-protocol'

/** The live channel's WebSocket path. */
export const LIVE_PATH = '/api/live'

/** The messages a frame carries, in order: a batch's contents, or the message itself. */
export function unbatch(message: ServerMessage): SingleServerMessage[] {
  return message.type === 'batch' ? message.messages : [message]
}

/** WebSocket close codes the server uses (4000-4999 are free for applications). */
export const LIVE_CLOSE = {
  unauthorized: 4401,
  tooManyConnections: 4429,
  authTimeout: 4408,
  /** The client fell more than the server's buffer behind: reconnect, and resync on `ready`. */
  tooSlow: 4008,
  /** RFC 6455's policy violation: more messages than the protocol ever needs (a flood). */
  tooManyMessages: 1008,
  goingAway: 1001,
} as const
