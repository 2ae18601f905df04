import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { getFestivalInfo } from './festival-info'

export const festivalInfoQuery = queryOptions({
  queryKey: ['festival'],
  queryFn: getFestivalInfo,
  staleTime: Number.POSITIVE_INFINITY,
})

/** The configured festival identity; undefined until it has loaded. */
export function useFestivalInfo(): FestivalInfo | undefined {
  return useQuery(festivalInfoQuery).data
}
