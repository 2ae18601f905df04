import type { Session } from '@supabase/auth-js'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue } from 'react'
import { LoadingScreen } from '../components/LoadingScreen'
import { useMyVibe } from '../features/vibes/my-vibe.api'
import { MainScreen } from './MainScreen'
import { useMainScreenData } from './main-screen-data'

// Onboarding and its form checks (zod) load only for someone without a vibe: everyone else's
// start skips them (ADR 016).
const Onboarding = lazy(() =>
  import('../features/vibes/Onboarding').then((module) => ({ default: module.Onboarding })),
)

/** Onboarding until the user has a vibe, then the main app. */
export function SignedInApp({ session }: { session: Session }) {
  const userId = session.user.id
  const myVibe = useMyVibe(userId)
  const vibe = myVibe.data?.vibe
  const dataReady = useMainScreenData(useQueryClient(), !myVibe.isPending)
  // The first view of the main screen is the start's biggest render. Deferred, React draws it as
  // a transition, in slices the browser can answer input between, not as one long task (ADR 036).
  const ready = useDeferredValue(!myVibe.isPending && (!vibe || dataReady))
  // The same screen as the session check before it, so the waits read as one.
  if (!ready) return <LoadingScreen />
  // A failed load is only logged (spec); onboarding copes, since creating an existing vibe
  // answers "already exists" and reloads it.
  if (!vibe) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Onboarding userId={userId} />
      </Suspense>
    )
  }
  return <MainScreen me={vibe} />
}
