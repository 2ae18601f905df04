import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { apiRequest } from '../../lib/api-client'

export const getFestivalInfo = () => apiRequest<FestivalInfo>('/api/festival')

export const festivalInfoQuery = queryOptions({
  queryKey: ['festival'],
  queryFn: getFestivalInfo,
  staleTime: Number.POSITIVE_INFINITY,
})

/** The configured festival identity; undefined until it has loaded. */
export function useFestivalInfo(): FestivalInfo | undefined {
  return useQuery(festivalInfoQuery).data
}
