import { useEffect, useSyncExternalStore } from 'react'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { registerOffsetTable } from '../../../shared/time/offset-tables'
import { apiRequest } from '../../lib/api-client'
import { backoffDelay } from '../../lib/backoff'

// Like the query cache's retries (client/lib/query-client.ts): three tries, waits from 1 s.
const ATTEMPTS = 3
const RETRY = { baseMs: 1000, maxMs: 8000 }

let loaded: FestivalInfo | undefined
let loading: Promise<FestivalInfo> | undefined
const listeners = new Set<() => void>()

async function fetchWithRetries(): Promise<FestivalInfo> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<FestivalInfo>('/api/festival')
    } catch (error) {
      if (attempt + 1 >= ATTEMPTS) throw error
      // A festival network blips: try again a little later.
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, RETRY)))
    }
  }
}

/**
 * The configured festival identity (name, year, zone, WiFi partner), fetched once per page and
 * shared by every screen. It does not use the query cache, so the sign-in screen's WiFi line does
 * not download TanStack Query (ADR 017). A load that failed every retry is tried again next time.
 */
export function loadFestivalInfo(): Promise<FestivalInfo> {
  loading ??= fetchWithRetries().then(
    (festival) => {
      // An answer kept from before the table existed (a service worker's copy) has none: ICU then.
      if (festival.zoneOffsets) registerOffsetTable(festival.zoneOffsets)
      loaded = festival
      for (const listener of listeners) listener()
      return festival
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The festival identity; undefined until it has loaded (the load starts on first use). */
export function useFestivalInfo(): FestivalInfo | undefined {
  const festival = useSyncExternalStore(subscribe, () => loaded)
  useEffect(() => {
    if (loaded) return
    loadFestivalInfo().catch((error: unknown) => {
      console.warn('Could not load the festival info:', error)
    })
  }, [])
  return festival
}
