import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SingleServerMessage } from '../../../shared/live/live-protocol'
import { toast } from '../../components/toasts/toast'
import { ApiError } from '../../lib/api-client'
import { clearPendingLink, pendingLink } from '../../lib/pending-links'
import { acceptInvite, gameKeys } from './game.api'
import { GameNews } from './game-news'

/** What the live channel hands the game: my game's messages, and each `ready` (a (re)connect). */
export type MyGameMessage = Extract<SingleServerMessage, { type: 'game' | 'ready' }>

/**
 * My game as it changes: a live `game` message toasts the badges unlocked and reloads the card
 * and my WiFi pass, whose allowance follows the level; a reconnect reloads them too, for what
 * happened while the socket was down. Each badge and level is toasted once on this device
 * (`GameNews`). Returns the handler for the live channel's messages.
 */
export function useGameUpdates(refreshWifi: () => void): (message: MyGameMessage) => void {
  const queryClient = useQueryClient()
  const refresh = useRef(refreshWifi)
  refresh.current = refreshWifi
  const [news] = useState(() => new GameNews(queryClient))
  useEffect(() => news.watchCard(), [news])
  return useCallback(
    (message: MyGameMessage) => {
      // Every `ready`, the first included: a badge awarded between the card's first load and the
      // socket's sign-in (a friend's invite counts just after their vibe is set) was told to no
      // socket of mine, so only a reload shows it. One small request per connection.
      if (message.type !== 'ready') news.unlocked(message.unlocked)
      void queryClient.invalidateQueries({ queryKey: gameKeys.state() })
      refresh.current()
    },
    [queryClient, news],
  )
}

/** Joins the crew of the friend whose invite link opened the app, once signed in with a vibe. */
export function usePendingInvite(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const code = pendingLink('invite')
    if (!code) return
    acceptInvite(code)
      .then(({ accepted }) => {
        clearPendingLink('invite')
        if (!accepted) return
        toast.success("You joined your friend's crew")
        // The card may have loaded before the invite counted, and this socket may not be live yet.
        void queryClient.invalidateQueries({ queryKey: gameKeys.state() })
      })
      .catch((error: unknown) => {
        // A network failure keeps the code for the next start; the server's no is final.
        if (!(error instanceof ApiError) || error.code === 'network_error') return
        clearPendingLink('invite')
        toast.error("The invite link didn't count", { description: error.message })
      })
  }, [queryClient])
}
