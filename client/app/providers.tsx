import type { ReactNode } from 'react'
import { OfflineBanner } from '../components/OfflineBanner'
import { Toaster } from '../components/toasts/Toaster'
import { useOnline } from '../lib/use-online'

/**
 * Toasts and the offline notice for every screen. The query cache is provided by the screens that
 * load on demand (`client/lib/query-client.ts`), so the first screen does not ship it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const online = useOnline()
  return (
    <>
      {children}
      <OfflineBanner />
      <Toaster aboveOfflineBanner={!online} />
    </>
  )
}
