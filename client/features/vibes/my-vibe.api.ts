import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { MyVibe } from '../../../shared/vibes/vibe.schema'
import { apiRequest } from '../../lib/api-client'
import { vibesKeys } from './vibes.keys'

export const getMyVibe = () => apiRequest<MyVibe>('/api/vibes/mine')

export const myVibeQuery = (userId: string) =>
  queryOptions({ queryKey: vibesKeys.mine(userId), queryFn: getMyVibe })

/** The signed-in user's current vibe (`data.vibe` is null when they have none yet). */
export function useMyVibe(userId: string) {
  const query = useQuery(myVibeQuery(userId))
  useEffect(() => {
    // The spec wants this failure logged only: the screens fall back to "no vibe yet".
    if (query.error) console.warn('Could not load your current vibe:', query.error.message)
  }, [query.error])
  return query
}
