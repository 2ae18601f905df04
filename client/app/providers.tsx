import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { OfflineBanner } from '../components/OfflineBanner'
import { TOASTER_PLACEMENT } from '../components/toaster-placement'
import { useOnline } from '../lib/use-online'

// Offline, the toasts sit above the offline banner rather than under it.
const ABOVE_OFFLINE_BANNER = { bottom: 64 }

/**
 * Toasts and the offline notice for every screen. The query cache is provided by the screens that
 * load on demand (`client/lib/query-client.ts`), so the first screen does not ship it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const online = useOnline()
  const offset = online ? undefined : ABOVE_OFFLINE_BANNER
  return (
    <>
      {children}
      <OfflineBanner />
      <Toaster {...TOASTER_PLACEMENT} offset={offset} mobileOffset={offset} />
    </>
  )
}
