import { useEffect, useState } from 'react'
import { backoffDelay } from '../../lib/backoff'
import { getFestivalInfo } from './festival-info'

// Like the query cache's retries (client/lib/query-client.ts): three tries, waits from 1 s.
const ATTEMPTS = 3
const RETRY = { baseMs: 1000, maxMs: 8000 }

/**
 * The festival's WiFi partner, for the sign-in screen's credit line; '…' until it has loaded.
 * Loaded on demand and without the query cache (TanStack Query), so the sign-in screen's script
 * stays small: a second small request after sign-in is cheaper than that library up front.
 */
export default function WifiProviderName() {
  const [name, setName] = useState<string>()
  useEffect(() => {
    let unmounted = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = (attempt: number) => {
      getFestivalInfo().then(
        (festival) => {
          if (!unmounted) setName(festival.wifiProvider)
        },
        (error: unknown) => {
          if (unmounted) return
          if (attempt + 1 >= ATTEMPTS) {
            console.warn('Could not load the festival info:', error)
            return
          }
          // A festival network blips: try again a little later, as the query cache would.
          timer = setTimeout(() => load(attempt + 1), backoffDelay(attempt, RETRY))
        },
      )
    }
    load(0)
    return () => {
      unmounted = true
      clearTimeout(timer)
    }
  }, [])
  return <>{name ?? '…'}</>
}
