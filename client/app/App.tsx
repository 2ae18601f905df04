import { lazy, Suspense, useLayoutEffect } from 'react'
import { LoadingScreen } from '../components/LoadingScreen'
import { releaseWhenUnheld } from '../lib/boot-loading'
import { HomePage } from '../routes/HomePage'
import { AppProviders } from './providers'

// Every visit but a lost one starts at /, which needs no router: the router (wouter, ADR 033)
// loads only for other paths (ADR 012). Once loaded, it owns navigation, "Return to Home" included.
const RoutedApp = lazy(() => import('./RoutedApp'))

export function App() {
  // index.html's loading element goes once the first screen that is not a loading screen is up.
  useLayoutEffect(releaseWhenUnheld, [])
  return (
    <AppProviders>
      {window.location.pathname === '/' ? (
        <HomePage />
      ) : (
        <Suspense fallback={<LoadingScreen />}>
          <RoutedApp />
        </Suspense>
      )}
    </AppProviders>
  )
}
