import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { dataUpdatedAt, setDataUpdatedAt } from './data-freshness'
import { forgetOffline, readOfflineParts, writeOfflineParts } from './offline-store'

/**
 * The queries kept on the device for offline use, by the first parts of their keys: the lineup,
 * my vibe, my schedule (stars), my WiFi pass, the feed's first page, the user count and my level
 * (without it the level card said "Loading your level..." for as long as the network was away).
 * Nothing else (crew, links, blocks) is written to the device.
 */
const PERSISTED_KEYS: ReadonlyArray<readonly string[]> = [
  ['lineup'],
  ['vibes', 'mine'],
  ['schedule', 'mine'],
  ['wifi', 'pass'],
  ['vibes', 'feed'],
  ['users', 'count'],
  ['game'],
]
// Bumped when a persisted answer's shape changes, so an older copy is dropped, not misread.
const FORMAT = 3
// A festival lasts days; older data is more misleading than none.
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const WRITE_DELAY_MS = 1000

// Kept in parts, one per query, so a live feed's change rewrites the feed's part and not the
// whole lineup with it; and one part that says when and in what format they were kept.
const META_PART = 'meta'
interface Meta {
  kind: 'meta'
  format: number
  savedAt: number
  /** When data last came from the server: "Offline · updated N min ago". */
  fetchedAt: number | null
}
/** A query's key, data and when the data came (Query's own hydration would cost ~1 KB). */
interface KeptQuery {
  kind: 'query'
  key: QueryKey
  data: unknown
  updatedAt: number
}

const isPersisted = (query: Query) =>
  query.state.status === 'success' &&
  PERSISTED_KEYS.some((prefix) => prefix.every((part, index) => query.queryKey[index] === part))

/** The feed is kept to its first page: the rest is a scroll away once back online. */
function firstFeedPageOnly(key: QueryKey, data: unknown): unknown {
  const feed = data as { pages?: unknown[]; pageParams?: unknown[] } | undefined
  if (key[0] !== 'vibes' || key[1] !== 'feed' || !feed?.pages) return data
  return { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams?.slice(0, 1) }
}

/**
 * Puts the user's queries kept on the device back into the cache (each with the time it was
 * fetched, so they refetch as soon as there is a network), unless they are too old.
 */
export async function restoreOfflineCache(queryClient: QueryClient, userId: string): Promise<void> {
  setDataUpdatedAt(null)
  const parts = await readOfflineParts<Meta | KeptQuery>('queries', userId)
  if (parts.length === 0) return
  const meta = parts.find((part): part is Meta => part.kind === 'meta')
  if (!meta || meta.format !== FORMAT || Date.now() - meta.savedAt > MAX_AGE_MS) {
    await forgetOffline('queries', userId)
    return
  }
  for (const part of parts) {
    if (part.kind !== 'query') continue
    // Kept with the time it was fetched: stale, so it refetches as soon as there is a network.
    if ((queryClient.getQueryState(part.key)?.dataUpdatedAt ?? 0) < part.updatedAt) {
      queryClient.setQueryData(part.key, part.data, { updatedAt: part.updatedAt })
    }
  }
  setDataUpdatedAt(meta.fetchedAt)
}

/**
 * Writes the persisted queries that changed to the device a second after they change (and when
 * the page is hidden or closed), under the user's id, and keeps the offline banner's "updated N
 * min ago" current. Returns how to stop, which writes nothing more.
 */
export function keepOfflineCache(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const changed = new Map<string, Query>()
  const save = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const queries = [...changed.values()]
    changed.clear()
    const meta: Meta = {
      kind: 'meta',
      format: FORMAT,
      savedAt: Date.now(),
      fetchedAt: dataUpdatedAt(),
    }
    const parts = queries.map(({ queryHash, queryKey, state }) => {
      const kept: KeptQuery = {
        kind: 'query',
        key: queryKey,
        data: firstFeedPageOnly(queryKey, state.data),
        updatedAt: state.dataUpdatedAt,
      }
      return [queryHash, kept] as const
    })
    writeOfflineParts('queries', userId, [...parts, [META_PART, meta]]).catch((error: unknown) =>
      console.warn('Could not keep the data for offline use:', error),
    )
  }
  const saveSoon = (query: Query) => {
    changed.set(query.queryHash, query)
    timer ??= setTimeout(save, WRITE_DELAY_MS)
  }
  const saveIfDue = () => {
    if (timer) save()
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isPersisted(event.query)) return
    if (event.action.type !== 'success') return
    // Offline, a change is this device's own (a queued write shown at once), not news.
    if (navigator.onLine) setDataUpdatedAt(Date.now())
    saveSoon(event.query)
  })
  // What the server sent while the kept copy was being read is news too, and worth keeping.
  const kept = queryClient.getQueryCache().getAll().filter(isPersisted)
  const newest = Math.max(0, ...kept.map((query) => query.state.dataUpdatedAt))
  if (navigator.onLine && newest > (dataUpdatedAt() ?? 0)) {
    setDataUpdatedAt(newest)
    for (const query of kept) saveSoon(query)
  }
  window.addEventListener('pagehide', saveIfDue)
  return () => {
    unsubscribe()
    window.removeEventListener('pagehide', saveIfDue)
    if (timer) clearTimeout(timer)
    timer = undefined
    changed.clear()
  }
}

/** Forgets the user's persisted queries and what the banner knew of them (the session ended). */
export async function forgetOfflineCache(userId: string): Promise<void> {
  setDataUpdatedAt(null)
  await forgetOffline('queries', userId)
}
