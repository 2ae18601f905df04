import type { FastifyBaseLogger } from 'fastify'
import type { BroadcastMessage, ServerMessage } from '../../shared/live/live-protocol'
import type { OwnVibe } from '../../shared/vibes/vibe.schema'
import type { ChangeBus, ChangeEvent } from '../events/change-bus'

/** What one user's sockets get in place of a broadcast message (a vibe's author). */
export interface AuthorsCopy {
  userId: string
  message: BroadcastMessage
}

export interface RelayTarget {
  readonly hasSubscribers: boolean
  /**
   * `author`: whose vibe the message carries, for the sockets that hide them (ADR 032);
   * `instead`: what that author's own sockets get in its place (a hidden vibe, docs/safety.md).
   */
  broadcast(
    message: BroadcastMessage,
    addressed?: { author?: string | undefined; instead?: AuthorsCopy | undefined },
  ): void
  /** A block between these people was made or lifted. */
  blocksChanged(...userIds: string[]): void
  sendToUser(userId: string, message: ServerMessage): void
}

export interface RelayOptions {
  changes: ChangeBus
  hub: RelayTarget
  readVibe(id: string): Promise<OwnVibe | undefined>
  readUserCount(): Promise<number>
  log: FastifyBaseLogger
}

/**
 * Subscribes this instance once to the change bus and turns each event into one message: the
 * row is read once per event, not once per subscriber. Events are handled one after another, so
 * two changes to one vibe reach clients in the order they were published.
 */
export function relayChanges(options: RelayOptions): () => void {
  let queue = Promise.resolve()
  return options.changes.subscribe((event) => {
    queue = queue
      .then(async () => {
        // Nobody listening on this instance: skip the read entirely.
        if (!options.hub.hasSubscribers) return
        if (event.type === 'game') {
          const { level, unlocked } = event
          options.hub.sendToUser(event.userId, { type: 'game', level, unlocked })
          return
        }
        if (event.type === 'block') {
          options.hub.blocksChanged(event.blockerId, event.blockedId)
          return
        }
        const message = await toMessage(event, options)
        const author = event.type === 'vibe' ? event.userId : undefined
        if (message) options.hub.broadcast(message.everyone, { author, instead: message.author })
      })
      .catch((error: unknown) => {
        options.log.warn({ err: error, event }, 'could not relay a change to live clients')
      })
  })
}

async function toMessage(
  event: ChangeEvent,
  options: RelayOptions,
): Promise<{ everyone: BroadcastMessage; author?: AuthorsCopy } | undefined> {
  switch (event.type) {
    case 'vibe': {
      const found = event.op === 'delete' ? undefined : await options.readVibe(event.id)
      // Gone by the time we read it: what clients need to know is that it is deleted.
      if (!found) return { everyone: { type: 'vibe', op: 'delete', id: event.id } }
      const { moderation, ...vibe } = found
      if (moderation.state === 'visible') {
        return { everyone: { type: 'vibe', op: event.op, id: event.id, vibe } }
      }
      // Hidden or removed: out of everyone's feed, while its author is told where it stands.
      return {
        everyone: { type: 'vibe', op: 'delete', id: event.id },
        author: {
          userId: found.userId,
          message: { type: 'vibe', op: 'update', id: event.id, vibe: found },
        },
      }
    }
    case 'user-count':
      return { everyone: { type: 'user-count', count: await options.readUserCount() } }
    case 'resync':
      // Events may have been missed (the bus reconnected): `ready` makes clients refetch.
      return { everyone: { type: 'ready' } }
    case 'game':
    case 'block':
    case 'session-ended':
      // Not a broadcast: the session cache (ADR 015) and the hub's endSession act on it.
      return undefined
  }
}
