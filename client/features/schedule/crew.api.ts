import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Crew, SharedPicks } from '../../../shared/schedule/schedule.schema'
import { ApiError, apiRequest } from '../../lib/api-client'
import { scheduleKeys } from './schedule.keys'

export const crewQuery = queryOptions({
  queryKey: scheduleKeys.crew(),
  queryFn: () => apiRequest<Crew>('/api/schedule/crew'),
})

/** The people I follow, and which sets each of them starred. */
export const useCrew = () => useQuery(crewQuery)

/** Whose picks a share link shows, and which sets; a link that was replaced is not asked again. */
export const sharedPicksQuery = (code: string) =>
  queryOptions({
    queryKey: scheduleKeys.shared(code),
    queryFn: () => apiRequest<SharedPicks>(`/api/schedule/shared/${encodeURIComponent(code)}`),
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  })

/** Follows the owner of a share link: their picks then show on my lineup, on every device. */
export function useFollow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<Record<string, never>>('/api/schedule/follows', {
        method: 'POST',
        body: { code },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.crew() }),
  })
}

/** Stops following someone. */
export function useUnfollow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<Record<string, never>>(`/api/schedule/follows/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.crew() }),
  })
}
