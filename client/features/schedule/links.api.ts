import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CalendarLink, ShareLink } from '../../../shared/schedule/schedule.schema'
import { apiRequest } from '../../lib/api-client'
import { scheduleKeys } from './schedule.keys'

// Both links are made on the server the first time they are asked for, so they are asked for
// only where they are shown (My schedule's calendar and sharing panel), never at start.

export const calendarLinkQuery = queryOptions({
  queryKey: scheduleKeys.calendarLink(),
  queryFn: () => apiRequest<CalendarLink>('/api/schedule/calendar'),
  staleTime: Number.POSITIVE_INFINITY,
})

export const shareLinkQuery = queryOptions({
  queryKey: scheduleKeys.shareLink(),
  queryFn: () => apiRequest<ShareLink>('/api/schedule/share'),
  staleTime: Number.POSITIVE_INFINITY,
})

function useNewLink<Link>(path: string, queryKey: QueryKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<Link>(path, { method: 'POST' }),
    onSuccess: (link) => queryClient.setQueryData(queryKey, link),
  })
}

/** A new calendar address; the old one stops working at once. */
export const useNewCalendarLink = () =>
  useNewLink<CalendarLink>('/api/schedule/calendar/regenerate', scheduleKeys.calendarLink())

/** A new share link; the old one stops working and those who followed through it stop following. */
export const useNewShareLink = () =>
  useNewLink<ShareLink>('/api/schedule/share/regenerate', scheduleKeys.shareLink())
