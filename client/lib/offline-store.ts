import { clear, createStore, del, get, set } from 'idb-keyval'

// Everything the app keeps on the device for offline use, in one IndexedDB database, each entry
// under the signed-in user's id: the persisted queries (offline-cache.ts) and the queued writes
// (outbox.ts). Signing out clears it all (ADR 034).
export const OFFLINE_DATABASE = 'vibeconnect-offline'
let store: ReturnType<typeof createStore> | undefined
const offlineStore = () => {
  store ??= createStore(OFFLINE_DATABASE, 'entries')
  return store
}

export type OfflineEntry = 'queries' | 'outbox'
const keyOf = (entry: OfflineEntry, userId: string) => `${entry}:${userId}`

/** The user's stored entry, or undefined (none, or IndexedDB unavailable: private mode, say). */
export function readOffline<T>(entry: OfflineEntry, userId: string): Promise<T | undefined> {
  return get<T>(keyOf(entry, userId), offlineStore()).catch((error: unknown) => {
    console.warn(`Could not read the offline ${entry}:`, error)
    return undefined
  })
}

export function writeOffline(entry: OfflineEntry, userId: string, value: unknown): Promise<void> {
  return set(keyOf(entry, userId), value, offlineStore())
}

export function forgetOffline(entry: OfflineEntry, userId: string): Promise<void> {
  return del(keyOf(entry, userId), offlineStore()).catch((error: unknown) => {
    console.warn(`Could not clear the offline ${entry}:`, error)
  })
}

/** Removes every entry of every user (signing out). */
export function forgetAllOffline(): Promise<void> {
  return clear(offlineStore()).catch((error: unknown) => {
    console.warn('Could not clear the offline data:', error)
  })
}
