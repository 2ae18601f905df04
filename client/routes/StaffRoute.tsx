import { lazy } from 'react'
import { LoadingScreen } from '../components/LoadingScreen'
import { ReloadMessage } from '../components/ReloadMessage'
import { AuthScreen } from '../features/auth/AuthScreen'
import { useAuthSession } from '../features/auth/use-auth-session'
import type { StaffPage } from './StaffPages'

const WifiProviderName = lazy(() => import('../features/festival/WifiProviderName'))
// Through the signed-in screens' chunk, so the staff pages share its code (the query cache, the
// dialogs) instead of splitting it into more chunks for everyone.
const StaffScreens = lazy(() =>
  import('./SignedInRoute').then((module) => ({ default: module.StaffScreens })),
)

/** `/moderation` and `/organiser`: sign in first, then the page (ADR 035). */
export function StaffRoute({ page }: { page: StaffPage }) {
  const auth = useAuthSession()
  if (auth.status === 'loading') return <LoadingScreen />
  if (auth.status === 'unavailable') return <ReloadMessage />
  if (auth.status === 'signed-out') return <AuthScreen WifiProviderName={WifiProviderName} />
  return <StaffScreens page={page} token={auth.session.access_token} />
}
