import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { lineupQuery } from '../features/lineup/lineup.api'
import { scheduleQuery } from '../features/schedule/schedule.api'
import { forgetOfflineCache, keepOfflineCache, restoreOfflineCache } from '../lib/offline-cache'
import { forgetOutboxCopy, loadOutbox } from '../lib/outbox'

/**
 * Puts the signed-in user's data kept on the device back in the cache (and their queued writes in
 * the outbox), then keeps it current on the device. True once restored. When the session ends, the
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

// Kept for offline use even when this start does not show them (on a phone, the lineup and My
// schedule draw only once their tab is chosen, ADR 029): fetched once the app is idle, unless
// fetched in the last minute. The lineup usually answers 304 (its ETag).
const KEEP_FRESH_MS = 60_000

/** Fetches the lineup and my schedule in the background after start, so they are there offline. */
export function usePrefetchForOffline(queryClient: QueryClient, ready: boolean): void {
  useEffect(() => {
    if (!ready || !navigator.onLine) return
    const fetchAll = () => {
      void queryClient.prefetchQuery({ ...lineupQuery, staleTime: KEEP_FRESH_MS })
      void queryClient.prefetchQuery({ ...scheduleQuery, staleTime: KEEP_FRESH_MS })
    }
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000))
    const handle = idle(fetchAll, { timeout: 10_000 })
    return () => (window.cancelIdleCallback ?? clearTimeout)(handle)
  }, [queryClient, ready])
}
