import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { VibeInput, VibeResponse } from '../../shared/vibes/vibe.schema'
import { toast } from '../components/toasts/toast'
import { scheduleKeys } from '../features/schedule/schedule.keys'
import { myVibeOnScreen } from '../features/vibes/my-vibe.api'
import { queueVibeUpdate, showMyVibe } from '../features/vibes/update-vibe.api'
import { vibeErrorMessage } from '../features/vibes/vibe-error-message'
import { vibesKeys } from '../features/vibes/vibes.keys'
import { flushOutbox, onWriteQueued, type QueuedWrite, renewDeliveryToken } from '../lib/outbox'
import { onTokenRefreshed } from '../lib/session'

const isVibe = (write: QueuedWrite) => write.subject.startsWith('vibe:')

/**
 * Sends the writes made offline (my vibe, stars) once there is a network: at start, on the
 * `online` event and when the service worker's Background Sync says so. What the server accepted
 * replaces what the screen showed; what it refused is undone and said, with its reason (also
 * what it refused while the app was closed and the service worker sent them).
 */
export function useOutboxDelivery(userId: string, ready: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!ready) return
    const deliver = () => {
      // Offline every request fails (and the browser logs each): wait for the `online` event.
      if (!navigator.onLine) return
      let starsChanged = false
      void flushOutbox(userId, {
        sent: (write, answer) => {
          if (isVibe(write)) showMyVibe(queryClient, userId, (answer as VibeResponse).vibe)
          else starsChanged = true
        },
        refused: (write, error) => {
          if (isVibe(write)) {
            // Changed on another device since: that version shows, and mine is one tap away (the
            // toast says what mine was, and stays until closed).
            const changed = error.code === 'vibe_changed'
            const mine = write.body as VibeInput
            toast.error("Your vibe update wasn't saved", {
              id: write.subject,
              description: changed
                ? `${error.message}. Yours said: ${mine.emoji} “${mine.status}”`
                : vibeErrorMessage(error, error.message),
              duration: changed ? Number.POSITIVE_INFINITY : 15_000,
              action: changed ? { label: 'Keep mine', onClick: () => keepMine(write) } : undefined,
            })
            void queryClient.invalidateQueries({ queryKey: vibesKeys.mine(userId) })
            void queryClient.invalidateQueries({ queryKey: vibesKeys.feed() })
          } else {
            toast.error("Couldn't save a star you set offline", { description: error.message })
            starsChanged = true
          }
        },
      }).then(() => {
        if (starsChanged) void queryClient.invalidateQueries({ queryKey: scheduleKeys.mine() })
      })
    }
    // The refused update again, over whatever version is there now.
    const keepMine = ({ subject, body }: QueuedWrite) => {
      const id = subject.slice('vibe:'.length)
      const onScreen = myVibeOnScreen(queryClient, userId) !== undefined
      void queueVibeUpdate(queryClient, userId, id, body as VibeInput, false).then((vibe) => {
        if (onScreen) showMyVibe(queryClient, userId, vibe)
        deliver()
      })
    }
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: unknown } | null)?.type
      if (type === 'FLUSH_OUTBOX') deliver()
      if (type === 'OUTBOX_DELIVERED') {
        // The worker sent the queue while this page started: what it loaded may predate that.
        void queryClient.invalidateQueries({ queryKey: vibesKeys.mine(userId) })
        void queryClient.invalidateQueries({ queryKey: vibesKeys.feed() })
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.mine() })
        deliver()
      }
    }
    deliver()
    window.addEventListener('online', deliver)
    // Queued while online (behind a stuck write, or a WiFi sign-in page answered): try now.
    const stopWatchingQueue = onWriteQueued(deliver)
    navigator.serviceWorker?.addEventListener('message', onMessage)
    // The service worker sends the queue with the token kept for it, should the app be closed.
    const stopRenewing = onTokenRefreshed((token) => void renewDeliveryToken(userId, token))
    return () => {
      window.removeEventListener('online', deliver)
      navigator.serviceWorker?.removeEventListener('message', onMessage)
      stopRenewing()
      stopWatchingQueue()
    }
  }, [queryClient, userId, ready])
}
