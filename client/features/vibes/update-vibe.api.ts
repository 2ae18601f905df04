import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VibeInput, VibeResponse } from '../../../shared/vibes/vibe.schema'
import { apiRequest } from '../../lib/api-client'
import { type FeedData, replaceVibe } from './feed-cache'
import { vibesKeys } from './vibes.keys'

export const updateVibe = (id: string, input: VibeInput) =>
  apiRequest<VibeResponse>(`/api/vibes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  }).then(({ vibe }) => vibe)

/** Updates my vibe; my vibe and its feed entry change at once, without waiting for the live echo. */
export function useUpdateVibe(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VibeInput }) => updateVibe(id, input),
    onSuccess: async (vibe) => {
      queryClient.setQueryData(vibesKeys.mine(userId), { vibe })
      queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) =>
        feed ? replaceVibe(feed, vibe) : feed,
      )
      await queryClient.invalidateQueries({ queryKey: vibesKeys.mine(userId) })
    },
  })
}
