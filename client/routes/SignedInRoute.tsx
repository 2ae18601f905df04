import type { Session } from '@supabase/auth-js'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { SignedInApp } from '../app/SignedInApp'
import { useOfflineData, usePrefetchForOffline } from '../app/use-offline-data'
import { useOutboxDelivery } from '../app/use-outbox-delivery'
import { LoadingScreen } from '../components/LoadingScreen'
import { queryClient } from '../lib/query-client'

/**
 * The signed-in screens with the server cache they share; loaded on demand (ADR 012). The data
 * kept on the device is put back as soon as it is read (ADR 034): offline, the screens wait for it
 * (their queries are paused); online, it fills in whatever has not come from the server yet.
 */
export default function SignedInRoute({ session }: { session: Session }) {
  // However the session ended (here, elsewhere, a refresh refused), the next person to sign in on
  // this device starts from an empty cache.
  useEffect(() => () => queryClient.clear(), [])
  const restored = useOfflineData(queryClient, session.user.id)
  usePrefetchForOffline(queryClient, restored)
  return (
    <QueryClientProvider client={queryClient}>
      <OutboxDelivery userId={session.user.id} ready={restored} />
      <SignedInApp session={session} />
    </QueryClientProvider>
  )
}

function OutboxDelivery({ userId, ready }: { userId: string; ready: boolean }) {
  useOutboxDelivery(userId, ready)
  return null
}

const StaffPages = lazy(() => import('./StaffPages'))

/** `/moderation` and `/organiser` once signed in, with the same server cache (ADR 035). */
export function StaffScreens(props: { page: 'moderation' | 'organiser'; token: string }) {
  useEffect(() => () => queryClient.clear(), [])
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingScreen />}>
        <StaffPages {...props} />
      </Suspense>
    </QueryClientProvider>
  )
}
