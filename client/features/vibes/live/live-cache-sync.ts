import type { QueryClient } from '@tanstack/react-query'
import type { SingleServerMessage } from '../../../../shared/live/live-protocol'
import type { Vibe } from '../../../../shared/vibes/vibe.schema'
import { type FeedData, insertVibe, keepFirstPage, removeVibe, replaceVibe } from '../feed-cache'
import { vibesKeys } from '../vibes.keys'

type VibeChange = Extract<SingleServerMessage, { type: 'vibe' }>
type CountChange = Extract<SingleServerMessage, { type: 'user-count' }>
type MyVibe = { vibe: Vibe | null }

/** Reloads the feed's first page and the user count (after a reconnect, or on the refresh button). */
export async function resyncFeed(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) =>
    feed ? keepFirstPage(feed) : feed,
  )
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: vibesKeys.feed() }),
    queryClient.invalidateQueries({ queryKey: vibesKeys.userCount() }),
  ])
}

/**
 * Applies live messages to the query cache: vibe changes edit the cached feed (and my vibe) in
 * place, the count is set directly, and `ready` resyncs. Changes that arrive while a resync is in
 * flight are applied again once it lands, so a response read before them cannot undo them.
 */
export function createLiveCacheSync(queryClient: QueryClient, userId: string) {
  let resyncsInFlight = 0
  let arrivedDuringResync: (VibeChange | CountChange)[] = []

  const apply = (message: VibeChange | CountChange) => {
    if (message.type === 'user-count') {
      queryClient.setQueryData(vibesKeys.userCount(), { count: message.count })
    } else {
      applyVibeChange(queryClient, userId, message)
    }
  }

  return (message: SingleServerMessage): void => {
    if (message.type === 'vibe' || message.type === 'user-count') {
      apply(message)
      if (resyncsInFlight > 0) arrivedDuringResync.push(message)
    } else if (message.type === 'ready') {
      resyncsInFlight += 1
      void resyncFeed(queryClient).finally(() => {
        resyncsInFlight -= 1
        for (const change of arrivedDuringResync) apply(change)
        if (resyncsInFlight === 0) arrivedDuringResync = []
      })
    }
  }
}

function applyVibeChange(queryClient: QueryClient, userId: string, change: VibeChange): void {
  const { op, id, vibe } = change
  queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) => {
    if (!feed) return feed
    if (op === 'delete') return removeVibe(feed, id)
    if (!vibe) return feed
    return op === 'insert' ? insertVibe(feed, vibe) : replaceVibe(feed, vibe)
  })

  // My own vibe changed elsewhere (another tab or device): the header and modal follow.
  const mine = queryClient.getQueryData<MyVibe>(vibesKeys.mine(userId))
  if (op === 'delete') {
    if (mine?.vibe?.id === id)
      void queryClient.invalidateQueries({ queryKey: vibesKeys.mine(userId) })
  } else if (vibe?.userId === userId && !isOlder(vibe, mine?.vibe)) {
    queryClient.setQueryData(vibesKeys.mine(userId), { vibe })
  }
}

const isOlder = (vibe: Vibe, than: Vibe | null | undefined) =>
  !!than && than.id === vibe.id && Date.parse(than.updatedAt) > Date.parse(vibe.updatedAt)
