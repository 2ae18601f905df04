import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AuditPage, ModerationQueue } from '../../../shared/safety/safety-responses.schema'
import { apiRequest } from '../../lib/api-client'

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => ['moderation', 'queue'] as const,
  audit: () => ['moderation', 'audit'] as const,
}

/** `GET /api/moderation/queue`: hidden vibes first, then reported ones; polled while open. */
export const useModerationQueue = () =>
  useQuery({
    queryKey: moderationKeys.queue(),
    queryFn: ({ signal }) => apiRequest<ModerationQueue>('/api/moderation/queue', { signal }),
    refetchInterval: 30_000,
  })

/** `GET /api/moderation/audit`, newest first, a page at a time (organisers only). */
export const useAuditLog = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: moderationKeys.audit(),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditPage>(
        `/api/moderation/audit?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  })

/** A moderator's action, `path` after /api/moderation: the queue and the log reload after it. */
export function useModerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) =>
      apiRequest<object>(`/api/moderation/${path}`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  })
}
