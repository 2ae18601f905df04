import { useSyncExternalStore } from 'react'

// When the data on screen last came from the server (epoch ms), or null when nothing is known: set
// by the signed-in app's offline cache (offline-cache.ts), read by the offline banner, which is on
// every screen and must not pull the query cache into the first screen's script.
let updatedAt: number | null = null
const listeners = new Set<() => void>()

/** Records that data came from the server at `at` (or that none is shown: null). */
export function setDataUpdatedAt(at: number | null): void {
  if (at === updatedAt) return
  updatedAt = at
  for (const notify of listeners) notify()
}

/** The same, outside React (the offline cache writes it down with the data). */
export const dataUpdatedAt = (): number | null => updatedAt

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** When the data on screen last came from the server, or null. */
export function useDataUpdatedAt(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => updatedAt,
    () => null,
  )
}
