import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { UserCount } from '../../../shared/vibes/vibe.schema'
import { apiRequest } from '../../lib/api-client'
import { vibesKeys } from './vibes.keys'

export const getUserCount = () => apiRequest<UserCount>('/api/users/count')

export const userCountQuery = queryOptions({
  queryKey: vibesKeys.userCount(),
  queryFn: getUserCount,
  select: (data) => data.count,
})

/**
 * How many people have signed up; kept current by the live channel, or by polling every
 * `refetchInterval` while it cannot deliver. Undefined until known.
 */
export function useUserCount(refetchInterval: number | false = false): number | undefined {
  const query = useQuery({ ...userCountQuery, refetchInterval })
  useEffect(() => {
    // The spec wants this failure logged only: the count line simply stays hidden.
    if (query.error) console.warn('Could not load the user count:', query.error.message)
  }, [query.error])
  return query.data
}
