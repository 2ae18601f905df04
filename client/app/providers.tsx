import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { OfflineBanner } from '../components/OfflineBanner'
import { TOASTER_PLACEMENT } from '../components/toaster-placement'

/**
 * Toasts and the offline notice for every screen. The query cache is provided by the screens that
 * load on demand (`client/lib/query-client.ts`), so the first screen does not ship it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <OfflineBanner />
      <Toaster {...TOASTER_PLACEMENT} />
    </>
  )
}
