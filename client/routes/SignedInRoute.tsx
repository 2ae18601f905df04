import type { Session } from '@supabase/auth-js'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { SignedInApp } from '../app/SignedInApp'
import { LoadingScreen } from '../components/LoadingScreen'
import { queryClient } from '../lib/query-client'

/** The signed-in screens with the server cache they share; loaded on demand (ADR 012). */
export default function SignedInRoute({ session }: { session: Session }) {
  // However the session ended (here, elsewhere, a refresh refused), the next person to sign in on
  // this device starts from an empty cache.
  useEffect(() => () => queryClient.clear(), [])
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInApp session={session} />
    </QueryClientProvider>
  )
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
