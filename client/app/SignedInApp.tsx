import type { Session } from '@supabase/auth-js'
import { lazy, Suspense } from 'react'
import { LoadingScreen } from '../components/LoadingScreen'
import { useMyVibe } from '../features/vibes/my-vibe.api'
import { MainScreen } from './MainScreen'

// Onboarding and its form checks (zod) load only for someone without a vibe: everyone else's
// start skips them (ADR 016).
const Onboarding = lazy(() =>
  import('../features/vibes/Onboarding').then((module) => ({ default: module.Onboarding })),
)

/** Onboarding until the user has a vibe, then the main app. */
export function SignedInApp({ session }: { session: Session }) {
  const userId = session.user.id
  const myVibe = useMyVibe(userId)
  // The same screen as the session check before it, so the two waits read as one.
  if (myVibe.isPending) return <LoadingScreen />
  // A failed load is only logged (spec); onboarding copes, since creating an existing vibe
  // answers "already exists" and reloads it.
  const vibe = myVibe.data?.vibe
  if (!vibe) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Onboarding userId={userId} />
      </Suspense>
    )
  }
  return <MainScreen me={vibe} />
}
