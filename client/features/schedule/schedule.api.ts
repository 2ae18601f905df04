import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Schedule, Star } from '../../../shared/schedule/schedule.schema'
import { toast } from '../../components/toasts/toast'
import { apiRequest, unansweredByServer } from '../../lib/api-client'
import { enqueueWrite, hasQueuedWrites, outboxOwner } from '../../lib/outbox'
import { scheduleKeys } from './schedule.keys'
import { applyStarChange, type StarChange } from './star-state'

export const scheduleQuery = queryOptions({
  queryKey: scheduleKeys.mine(),
  queryFn: () => apiRequest<Schedule>('/api/schedule'),
})

/** My stars (saved on the server, so on every device I sign in on) and what changed since. */
export const useSchedule = () => useQuery(scheduleQuery)

const STAR_MUTATION = ['schedule', 'star'] as const

/** The outbox's subject for a set's star: "Waiting for network" shows on it while queued. */
export const starSubject = (key: string) => `star:${key}`

/** What a star change asks of the server: `PUT`/`DELETE`, idempotent. */
export const starRequest = (change: StarChange) => {
  const key = change.star ? change.set.key : change.key
  return {
    key,
    method: change.star ? ('PUT' as const) : ('DELETE' as const),
    path: `/api/schedule/stars/${encodeURIComponent(key)}`,
  }
}

/**
 * Stars and unstars sets at once on screen, then on the server (`PUT`/`DELETE`, idempotent, so
 * a retry after a lost answer is harmless). Changes are sent one after another in the order
 * made, so a quick star-unstar cannot land the wrong way round; a refused one is undone and said.
 * My schedule is reloaded once the last one is in. Offline (or when the request cannot get out),
 * the change is queued on the device, behind any queued before it, and sent when the network is
 * back (client/app/use-outbox-delivery.ts).
 */
export function useStarToggle(): (change: StarChange) => void {
  const queryClient = useQueryClient()
  const apply = (change: StarChange) =>
    queryClient.setQueryData(scheduleKeys.mine(), (schedule: Schedule | undefined) =>
      schedule ? applyStarChange(schedule, change, new Date()) : schedule,
    )
  const { mutate } = useMutation({
    mutationKey: STAR_MUTATION,
    scope: { id: 'schedule-stars' },
    // Offline it must still run, to queue the change: TanStack Query would otherwise pause it.
    networkMode: 'always',
    mutationFn: async (change: StarChange): Promise<{ queued: boolean }> => {
      const { key, method, path } = starRequest(change)
      // Sent at once unless offline or behind writes still queued (never before them).
      if (navigator.onLine && !hasQueuedWrites()) {
        try {
          await apiRequest<Record<string, never>>(path, { method })
          return { queued: false }
        } catch (error) {
          if (!unansweredByServer(error)) throw error
        }
      }
      await enqueueWrite(outboxOwner(), { subject: starSubject(key), method, path })
      return { queued: true }
    },
    onMutate: async (change): Promise<{ removed?: Star }> => {
      await queryClient.cancelQueries({ queryKey: scheduleKeys.mine() })
      const before = queryClient.getQueryData<Schedule>(scheduleKeys.mine())
      const removed = change.star ? undefined : before?.stars.find((s) => s.key === change.key)
      apply(change)
      return { removed }
    },
    onError: (error, change, context) => {
      if (change.star) apply({ star: false, key: change.set.key })
      else if (context?.removed) restoreStar(queryClient, context.removed)
      toast.error(change.star ? "Couldn't star that set" : "Couldn't unstar that set", {
        description: error.message,
      })
    },
    onSettled: (result) => {
      // A queued change is the screen's until it is sent: reloading now would undo it.
      if (result?.queued) return
      if (queryClient.isMutating({ mutationKey: STAR_MUTATION }) > 1) return
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.mine() })
    },
  })
  return mutate
}

function restoreStar(queryClient: ReturnType<typeof useQueryClient>, star: Star) {
  queryClient.setQueryData(scheduleKeys.mine(), (schedule: Schedule | undefined) =>
    schedule && !schedule.stars.some((each) => each.key === star.key)
      ? { ...schedule, stars: [...schedule.stars, star] }
      : schedule,
  )
}

/** I have seen these programme changes: a moved set is kept as it now is, a cancelled one goes. */
export function useChangesSeen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (keys: string[]) =>
      apiRequest<Record<string, never>>('/api/schedule/changes/seen', {
        method: 'POST',
        body: { keys },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.mine() }),
  })
}

/**
 * Reloads my schedule, for the live channel's `lineup` message: a changed lineup may have moved
 * or cancelled a set I starred, which the server reports as a programme change.
 */
export function useReloadSchedule(): () => void {
  const queryClient = useQueryClient()
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.mine() })
  }, [queryClient])
}
