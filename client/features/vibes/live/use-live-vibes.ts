import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { LIVE_PATH } from '../../../../shared/live/live-channel'
import type { SingleServerMessage } from '../../../../shared/live/live-protocol'
import { afterNextPaint } from '../../../lib/after-next-paint'
import { currentAccessToken, onTokenRefreshed, sessionRefused } from '../../../lib/session'
import { type WatchedValue, watchedValue } from '../../../lib/watched-value'
import { createLiveCacheSync, resyncFeed } from './live-cache-sync'
import { LiveConnection, type LiveStatus } from './live-connection'

/** Messages for me alone (my game), and each `ready`, after which what is mine should reload. */
export type PersonalMessage = Extract<SingleServerMessage, { type: 'game' | 'ready' }>

/** The lineup changed (`lineup`), or may have while the socket was not there to hear it (`ready`). */
export type LineupNews = Extract<SingleServerMessage, { type: 'lineup' | 'ready' }>

// When the channel connects if no frame is painted first (a tab opened in the background).
const START_AT_LATEST_MS = 1000

const liveUrl = () => {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}${LIVE_PATH}`
}

/**
 * Keeps the feed, the user count and my vibe current while mounted, over one WebSocket that
 * survives token refreshes and network drops, and hands the app what is for other features (my
 * game's news, a changed lineup). Returns whether updates are flowing right now, as a value the
 * components that show it watch (`useWatchedValue`).
 */
export function useLiveVibes(
  userId: string,
  /** Messages for me alone, and every `ready`: handed to whoever the app composes for them. */
  onPersonal: (message: PersonalMessage) => void,
  /** The lineup's news, for the app to hand to what follows from the lineup. */
  onLineupNews: (message: LineupNews) => void = () => {},
): WatchedValue<LiveStatus> {
  const queryClient = useQueryClient()
  // Watched, not state: the screen that holds the channel does not render again for its status.
  const [status] = useState(() => watchedValue<LiveStatus>('connecting'))
  const personal = useRef(onPersonal)
  personal.current = onPersonal
  const lineupNews = useRef(onLineupNews)
  lineupNews.current = onLineupNews
  useEffect(() => {
    const syncCache = createLiveCacheSync(queryClient, userId)
    const connection = new LiveConnection({
      url: liveUrl(),
      getToken: currentAccessToken,
      onRefused: sessionRefused,
      onMessage: (message) => {
        if (message.type !== 'game') syncCache(message)
        if (message.type === 'game' || message.type === 'ready') personal.current(message)
        if (message.type === 'lineup' || message.type === 'ready') lineupNews.current(message)
      },
      onStatus: status.set,
    })
    // Connected once the screen is on it: the socket's handshake and its `ready` (which reloads
    // the feed, the count, my game and pass) would otherwise compete with that first paint. A
    // tab opened in the background paints nothing, so a timer starts it there.
    let started = false
    const start = () => {
      if (started) return
      started = true
      connection.start()
    }
    const cancelAfterPaint = afterNextPaint(start)
    const fallback = setTimeout(start, START_AT_LATEST_MS)
    const cancelStart = () => {
      cancelAfterPaint()
      clearTimeout(fallback)
    }
    const stopTokenUpdates = onTokenRefreshed((token) => connection.sendToken(token))
    // Back online: reconnect at once instead of waiting out the backoff, and catch up on what
    // happened meanwhile even if the socket itself survived the drop.
    const backOnline = () => {
      connection.reconnectNow()
      void resyncFeed(queryClient)
    }
    window.addEventListener('online', backOnline)
    return () => {
      window.removeEventListener('online', backOnline)
      cancelStart()
      stopTokenUpdates()
      connection.stop()
    }
  }, [queryClient, userId, status])
  return status
}
