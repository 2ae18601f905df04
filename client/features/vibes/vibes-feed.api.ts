import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { FeedPage } from '../../../shared/vibes/vibe.schema'
import { FEED_PAGE_SIZE } from '../../../shared/vibes/vibe-limits'
import { toast } from '../../components/toasts/toast'
import { apiRequest } from '../../lib/api-client'
import { vibesKeys } from './vibes.keys'

export const getFeedPage = (cursor: string | null, limit = FEED_PAGE_SIZE) => {
  const params = new URLSearchParams({ limit: String(limit) })
  if (cursor) params.set('cursor', cursor)
  return apiRequest<FeedPage>(`/api/vibes?${params}`)
}

export const vibesFeedQuery = infiniteQueryOptions({
  queryKey: vibesKeys.feed(),
  queryFn: ({ pageParam }) => getFeedPage(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
})

/**
 * Everyone's vibes, newest first, a page at a time; a failure shows the spec's toast once.
 * `refetchInterval` polls the loaded pages while the live channel cannot deliver.
 */
export function useVibesFeed(refetchInterval: number | false = false) {
  const query = useInfiniteQuery({ ...vibesFeedQuery, refetchInterval })
  useEffect(() => {
    if (!query.error) return
    console.warn('Could not load the vibes:', query.error.message)
    toast.error("Couldn't load the vibes 😔", {
      id: 'vibes-feed-error',
      description: 'Try refreshing the page',
    })
  }, [query.error])
  return query
}
