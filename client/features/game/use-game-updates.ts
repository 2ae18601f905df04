import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { GameState } from '../../../shared/game/game.schema'
import type { SingleServerMessage } from '../../../shared/live/live-protocol'
import { ApiError } from '../../lib/api-client'
import { sessionLength } from '../../lib/session-length'
import { acceptInvite, gameKeys } from './game.api'
import { clearPendingLink, pendingLink } from './pending-links'

type GameMessage = Extract<SingleServerMessage, { type: 'game' }>

/**
 * My game as it changes: a live `game` message toasts each badge unlocked (and a new level) and
 * reloads the card and my WiFi pass, whose allowance follows the level. Returns the handler for
 * the live channel's messages to me.
 */
export function useGameUpdates(refreshWifi: () => void): (message: GameMessage) => void {
  const queryClient = useQueryClient()
  const refresh = useRef(refreshWifi)
  refresh.current = refreshWifi
  return useCallback(
    (message: GameMessage) => {
      const before = queryClient.getQueryData<GameState>(gameKeys.state())
      for (const badge of message.unlocked) toast.success(`Badge unlocked: ${badge.name}`)
      void queryClient.invalidateQueries({ queryKey: gameKeys.state() }).then(() => {
        const after = queryClient.getQueryData<GameState>(gameKeys.state())
        if (before && after && after.level > before.level) {
          toast.success(`Level ${after.level} reached`, {
            description: `${sessionLength(after.grant.sessionMinutes)} of WiFi per session from your next sign-in.`,
          })
        }
      })
      refresh.current()
    },
    [queryClient],
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
