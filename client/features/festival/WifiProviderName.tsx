import { useQuery } from '@tanstack/react-query'
import { queryClient } from '../../lib/query-client'
import { festivalInfoQuery } from './festival.api'

/**
 * The festival's WiFi partner, for the sign-in screen's credit line; '…' until it has loaded.
 * Loaded on demand with the query cache and zod, so the first screen's script stays small.
 */
export default function WifiProviderName() {
  // No provider above the sign-in screen: the cache is passed in (the signed-in app shares it).
  const festival = useQuery(festivalInfoQuery, queryClient).data
  return <>{festival?.wifiProvider ?? '…'}</>
}
