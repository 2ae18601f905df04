import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { LIVE_PATH } from '../../shared/live/live-protocol'
import { relayChanges } from './change-relay'
import type { LiveSources } from './live-sources'

// Client messages are `auth` (a token of at most 4 KiB) and `pong`: anything bigger is abuse.
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024

/**
 * The live channel at LIVE_PATH. Call on the root app before other routes: the WebSocket plugin
 * must see every route, so an upgrade request to any other path is answered and its socket
 * destroyed, instead of lingering outside the HTTP server's timeouts.
 */
export async function registerLiveChannel(
  app: FastifyInstance,
  sources: LiveSources,
): Promise<void> {
  const { live: hub } = app.ctx
  const stopLive: (() => void)[] = []
  await app.register(websocket, {
    // Compression would be per socket, undoing serialize-once fan-out; messages are small anyway.
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
    // Replaces the default, which closes sockets without telling clients to come back.
    preClose: async () => {
      for (const stop of stopLive) stop()
      await hub.shutdown()
      app.websocketServer.close()
      // The other instances stop counting this one's viewers now, not three heartbeats later.
      await app.ctx.livePresence
        .withdraw()
        .catch((error: unknown) => app.log.warn({ err: error }, 'live presence not withdrawn'))
    },
    // A client that breaks the protocol (oversized frame, bad UTF-8) is not a server error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'live socket error')
      socket.terminate()
    },
  })
  await app.register(async (live) => {
    stopLive.push(startRelayAndHeartbeat(live, sources))
    live.get(LIVE_PATH, { websocket: true }, (socket, request) => {
      const connection = hub.accept(socket, request.ip)
      // Attached synchronously, so the client's first message (auth) can't be missed.
      socket.on('message', (data, isBinary) => {
        connection.receive(!isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : null)
      })
      socket.on('pong', () => {
        connection.alive = true
      })
      socket.on('close', () => hub.remove(connection))
    })
  })
}

/** Subscribes this instance to the change bus and starts heartbeats; returns how to stop both. */
function startRelayAndHeartbeat(app: FastifyInstance, sources: LiveSources): () => void {
  const { live: hub, livePresence, changes, config } = app.ctx
  const log = app.log.child({ component: 'live' })
  const stopRelay = relayChanges({
    changes,
    hub,
    log,
    readVibe: sources.readVibe,
    readUserCount: sources.readUserCount,
  })
  // A signed-out device stops hearing the feed now, not at the next heartbeat.
  const stopEnding = changes.subscribe((event) => {
    if (event.type === 'session-ended') hub.endSession(event.id)
  })
  const heartbeat = setInterval(() => {
    hub.beat().catch((error: unknown) => log.warn({ err: error }, 'live heartbeat failed'))
    livePresence
      .report()
      .catch((error: unknown) => log.warn({ err: error }, 'live presence not reported'))
  }, config.LIVE_HEARTBEAT_S * 1000)
  heartbeat.unref()
  return () => {
    clearInterval(heartbeat)
    stopEnding()
    stopRelay()
  }
}
