import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { apiRequest } from '../../lib/api-client'
import type { FeedData } from './feed-cache'
import { vibesKeys } from './vibes.keys'

/** `POST /api/blocks`: blocks the author of a vibe (docs/privacy.md). */
export const blockPerson = (userId: string) =>
  apiRequest<Record<string, never>>('/api/blocks', { method: 'POST', body: { userId } })

/** Drops every vibe of `userId` from the cached feed, on whichever page it is. */
export function withoutAuthor(feed: FeedData, userId: string): FeedData {
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      vibes: page.vibes.filter((vibe) => vibe.userId !== userId),
    })),
  }
}

/**
 * Blocks a vibe's author: their vibe leaves my feed at once, without waiting for the server's
 * `ready`, which makes every open app of mine (and theirs) refetch the feed without it.
 */
export function useBlockPerson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (vibe: Vibe) => blockPerson(vibe.userId),
    onSuccess: (_answer, vibe) => {
      queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) =>
        feed ? withoutAuthor(feed, vibe.userId) : feed,
      )
    },
  })
}
