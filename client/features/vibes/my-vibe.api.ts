import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MyVibe, Vibe } from '../../../shared/vibes/vibe.schema'
import { apiRequest } from '../../lib/api-client'
import type { FeedData } from './feed-cache'
import { vibesKeys } from './vibes.keys'

export const getMyVibe = () => apiRequest<MyVibe>('/api/vibes/mine')

export const myVibeQuery = (userId: string) =>
  queryOptions({ queryKey: vibesKeys.mine(userId), queryFn: getMyVibe })

/** The signed-in user's current vibe (`data.vibe` is null when they have none yet). */
export function useMyVibe(userId: string) {
  const query = useQuery(myVibeQuery(userId))
  useEffect(() => {
    // The spec wants this failure logged only: the screens fall back to "no vibe yet".
    if (query.error) console.warn('Could not load your current vibe:', query.error.message)
  }, [query.error])
  return query
}

/**
 * My vibe as the screen shows it, without asking the server: the cached one (the header's), else
 * my newest entry in the cached feed. Undefined when neither is known.
 */
export function myVibeOnScreen(queryClient: QueryClient, userId: string): Vibe | undefined {
  const mine = queryClient.getQueryData<MyVibe>(vibesKeys.mine(userId))?.vibe
  if (mine) return mine
  const feed = queryClient.getQueryData<FeedData>(vibesKeys.feed())
  return feed?.pages.flatMap((page) => page.vibes).find((vibe) => vibe.userId === userId)
}
