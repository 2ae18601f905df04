import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { forgetOfflineCache, keepOfflineCache, restoreOfflineCache } from '../lib/offline-cache'
import { forgetOutboxCopy, loadOutbox } from '../lib/outbox'

/**
 * Puts the signed-in user's data kept on the device back on screen (and their queued writes in the
 * outbox), then keeps it current on the device. True once restored. When the session ends, the
 * cache goes with it; the queued writes stay on the device for the same user's next sign-in,
 * unless they sign out on purpose (use-sign-out.ts clears everything).
 */
export function useOfflineData(queryClient: QueryClient, userId: string): boolean {
  const [restored, setRestored] = useState(false)
  useEffect(() => {
    let stop: (() => void) | undefined
    let ended = false
    void Promise.all([restoreOfflineCache(queryClient, userId), loadOutbox(userId)]).then(() => {
      if (ended) return
      stop = keepOfflineCache(queryClient, userId)
      setRestored(true)
    })
    return () => {
      ended = true
      stop?.()
      forgetOutboxCopy()
      void forgetOfflineCache(userId)
    }
  }, [queryClient, userId])
  return restored
}
