import type { Session } from '@supabase/auth-js'
import { lazy, Suspense } from 'react'
import { LoadFailureBoundary } from '../components/LoadFailureBoundary'
import { LoadingScreen } from '../components/LoadingScreen'
import { ReloadMessage } from '../components/ReloadMessage'
import { AuthScreen } from '../features/auth/AuthScreen'
import { useAuthSession } from '../features/auth/use-auth-session'
import { onDemand, useOnDemand } from '../lib/on-demand'

/**
 * The signed-in screens, loaded on demand so the first screen (sign-in) ships only what it needs;
 * `main.tsx` starts the download early when a session is already stored.
 */
export const signedInRoute = onDemand(() => import('./SignedInRoute'))
// The sign-in screen's WiFi credit: its code and data come after the screen (ADR 017).
const WifiProviderName = lazy(() => import('../features/festival/WifiProviderName'))
const NewPasswordScreen = lazy(() =>
  import('../features/auth/NewPasswordScreen').then((module) => ({
    default: module.NewPasswordScreen,
  })),
)

/** The main route: loading while the session check runs, then sign-in, onboarding or the app. */
export function HomePage() {
  const auth = useAuthSession()
  const loading = <LoadingScreen />
  if (auth.status === 'loading') return loading
  if (auth.status === 'signed-out') return <AuthScreen WifiProviderName={WifiProviderName} />
  if (auth.status === 'unavailable') return <ReloadMessage />
  return (
    <LoadFailureBoundary what="the signed-in screens" fallback={<ReloadMessage />}>
      <Suspense fallback={loading}>
        {auth.recovering ? (
          <NewPasswordScreen onDone={auth.finishRecovery} />
        ) : (
          <SignedInScreens session={auth.session} />
        )}
      </Suspense>
    </LoadFailureBoundary>
  )
}

/** The signed-in screens once their code is in; without Suspense, so they show as soon as ready. */
function SignedInScreens({ session }: { session: Session }) {
  const route = useOnDemand(signedInRoute)
  if (!route) return <LoadingScreen />
  return <route.default session={session} />
}
