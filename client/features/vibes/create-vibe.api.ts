import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Vibe, VibeInput, VibeResponse } from '../../../shared/vibes/vibe.schema'
import { ApiError, apiRequest } from '../../lib/api-client'
import { type FeedData, insertVibe } from './feed-cache'
import { vibesKeys } from './vibes.keys'

/** Creates my vibe; null when it already existed (say, another tab won the race). */
export async function createVibe(input: VibeInput): Promise<Vibe | null> {
  try {
    const { vibe } = await apiRequest<VibeResponse>('/api/vibes', {
      method: 'POST',
      body: input,
    })
    return vibe
  } catch (error) {
    if (error instanceof ApiError && error.code === 'vibe_already_exists') return null
    throw error
  }
}

/** Creates my vibe, then reloads it so the signed-in screen moves on to the main app. */
export function useCreateVibe(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createVibe,
    onSuccess: async (vibe) => {
      if (vibe) {
        // Show the new vibe at once; the reload below confirms it (and keeps it if that fails).
        queryClient.setQueryData(vibesKeys.mine(userId), { vibe })
        queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) =>
          feed ? insertVibe(feed, vibe) : feed,
        )
      }
      await queryClient.refetchQueries({ queryKey: vibesKeys.mine(userId) })
    },
  })
}
