import { clear, createStore, delMany, entries, get, keys, set, setMany } from 'idb-keyval'

// Everything the app keeps on the device for offline use, in one IndexedDB database, each entry
// under the signed-in user's id: the persisted queries (offline-cache.ts) and the queued writes
// (outbox.ts) with the token the service worker sends them with (outbox-store.ts). Signing out clears
// it all (ADR 034).
export const OFFLINE_DATABASE = 'vibeconnect-offline'
let store: ReturnType<typeof createStore> | undefined
const offlineStore = () => {
  store ??= createStore(OFFLINE_DATABASE, 'entries')
  return store
}

export type OfflineEntry = 'queries' | 'outbox' | 'delivery'
const keyOf = (entry: OfflineEntry, userId: string) => `${entry}:${userId}`
// An entry kept in parts (the persisted queries, one part each) has a key per part.
const partKeyOf = (entry: OfflineEntry, userId: string, part: string) =>
  `${keyOf(entry, userId)}:${part}`
const isPartOf = (entry: OfflineEntry, userId: string) => (key: IDBValidKey) =>
  typeof key === 'string' && key.startsWith(`${keyOf(entry, userId)}:`)

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

/** The user's entry's parts (in no particular order), or none if IndexedDB is unavailable. */
export async function readOfflineParts<T>(entry: OfflineEntry, userId: string): Promise<T[]> {
  try {
    const all = await entries<IDBValidKey, T>(offlineStore())
    return all.filter(([key]) => isPartOf(entry, userId)(key)).map(([, value]) => value)
  } catch (error) {
    console.warn(`Could not read the offline ${entry}:`, error)
    return []
  }
}

/** Writes (or replaces) some of the user's entry's parts, in one transaction. */
export function writeOfflineParts(
  entry: OfflineEntry,
  userId: string,
  parts: ReadonlyArray<readonly [part: string, value: unknown]>,
): Promise<void> {
  return setMany(
    parts.map(([part, value]) => [partKeyOf(entry, userId, part), value]),
    offlineStore(),
  )
}

/** The users who have `entry` on this device (none if IndexedDB is unavailable). */
export async function usersWithOffline(entry: OfflineEntry): Promise<string[]> {
  try {
    const prefix = `${entry}:`
    return (await keys(offlineStore()))
      .filter((key): key is string => typeof key === 'string' && key.startsWith(prefix))
      .map((key) => key.slice(prefix.length))
      .filter((userId) => !userId.includes(':'))
  } catch (error) {
    console.warn(`Could not list the offline ${entry}:`, error)
    return []
  }
}

/** Forgets the user's entry, its parts included. */
export async function forgetOffline(entry: OfflineEntry, userId: string): Promise<void> {
  try {
    const parts = (await keys(offlineStore())).filter(isPartOf(entry, userId))
    await delMany([keyOf(entry, userId), ...parts], offlineStore())
  } catch (error) {
    console.warn(`Could not clear the offline ${entry}:`, error)
  }
}

/** Removes every entry of every user (signing out). */
export function forgetAllOffline(): Promise<void> {
  return clear(offlineStore()).catch((error: unknown) => {
    console.warn('Could not clear the offline data:', error)
  })
}
