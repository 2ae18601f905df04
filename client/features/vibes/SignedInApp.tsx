import type { Session } from '@supabase/auth-js'
import { LoadingScreen } from '../../components/LoadingScreen'
import { MainApp } from './MainApp'
import { useMyVibe } from './my-vibe.api'
import { Onboarding } from './Onboarding'

/** Onboarding until the user has a vibe, then the main app. */
export function SignedInApp({ session }: { session: Session }) {
  const userId = session.user.id
  const myVibe = useMyVibe(userId)
  // The same screen as the session check before it, so the two waits read as one.
  if (myVibe.isPending) return <LoadingScreen />
  // A failed load is only logged (spec); onboarding copes, since creating an existing vibe
  // answers "already exists" and reloads it.
  const vibe = myVibe.data?.vibe
  if (!vibe) return <Onboarding userId={userId} />
  return <MainApp me={vibe} />
}
