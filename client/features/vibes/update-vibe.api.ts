import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { OwnVibe, VibeInput, VibeResponse } from '../../../shared/vibes/vibe.schema'
import { vibeVersionTag } from '../../../shared/vibes/vibe-version'
import { apiRequest, unansweredByServer } from '../../lib/api-client'
import { enqueueWrite, hasQueuedWrites } from '../../lib/outbox'
import { type FeedData, replaceVibe } from './feed-cache'
import { myVibeOnScreen } from './my-vibe.api'
import { vibesKeys } from './vibes.keys'

export const updateVibe = (id: string, input: VibeInput) =>
  apiRequest<VibeResponse>(`/api/vibes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  }).then(({ vibe }) => vibe)

/** What became of an update: sent, or kept on the device until there is a network. */
export interface VibeUpdate {
  vibe: OwnVibe
  queued: boolean
}

/** The outbox's subject for my vibe: "Waiting for network" shows on it while one is queued. */
export const vibeSubject = (id: string) => `vibe:${id}`

/** Puts my vibe, as sent or as queued, in the header and in its feed entry. */
export function showMyVibe(queryClient: QueryClient, userId: string, vibe: OwnVibe): void {
  queryClient.setQueryData(vibesKeys.mine(userId), { vibe })
  queryClient.setQueryData(vibesKeys.feed(), (feed: FeedData | undefined) =>
    feed ? replaceVibe(feed, vibe) : feed,
  )
}

/**
 * Queues an update of my vibe on the device and returns my vibe as it will be once sent, to show
 * meanwhile. `onlyOverShown`: sent later, it applies only to the version on screen now (412
 * `vibe_changed` otherwise); without it, it applies over whatever version is there (Keep mine).
 */
export async function queueVibeUpdate(
  queryClient: QueryClient,
  userId: string,
  id: string,
  input: VibeInput,
  onlyOverShown: boolean,
): Promise<OwnVibe> {
  const shown = myVibeOnScreen(queryClient, userId) as OwnVibe | undefined
  const condition = onlyOverShown && shown?.id === id
  await enqueueWrite(userId, {
    subject: vibeSubject(id),
    method: 'PATCH',
    path: `/api/vibes/${encodeURIComponent(id)}`,
    body: input,
    headers: condition ? { 'If-Match': vibeVersionTag(shown.updatedAt) } : undefined,
  })
  return { ...shown, ...input, id, userId, updatedAt: new Date().toISOString() } as OwnVibe
}

/**
 * Updates my vibe; my vibe and its feed entry change at once, without waiting for the live echo.
 * Offline (or when the request cannot get out), the update is queued on the device and sent when
 * the network is back (client/app/use-outbox-delivery.ts); the screen shows it meanwhile.
 */
export function useUpdateVibe(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // Offline it must still run, to queue the update: TanStack Query would otherwise pause it.
    networkMode: 'always',
    mutationFn: async ({ id, input }: { id: string; input: VibeInput }): Promise<VibeUpdate> => {
      // Sent at once unless offline or behind writes still queued (never before them).
      if (navigator.onLine && !hasQueuedWrites()) {
        try {
          return { vibe: await updateVibe(id, input), queued: false }
        } catch (error) {
          if (!unansweredByServer(error)) throw error
        }
      }
      return { vibe: await queueVibeUpdate(queryClient, userId, id, input, true), queued: true }
    },
    onSuccess: async ({ vibe, queued }) => {
      showMyVibe(queryClient, userId, vibe)
      if (!queued) await queryClient.invalidateQueries({ queryKey: vibesKeys.mine(userId) })
    },
  })
}
