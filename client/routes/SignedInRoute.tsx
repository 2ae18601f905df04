import type { Session } from '@supabase/auth-js'
import { QueryClientProvider } from '@tanstack/react-query'
import { SignedInApp } from '../features/vibes/SignedInApp'
import { queryClient } from '../lib/query-client'

/** The signed-in screens with the server cache they share; loaded on demand (ADR 012). */
export default function SignedInRoute({ session }: { session: Session }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInApp session={session} />
    </QueryClientProvider>
  )
}
