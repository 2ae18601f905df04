import { lazy, Suspense, useLayoutEffect } from 'react'
import { LoadingScreen } from '../components/LoadingScreen'
import { releaseWhenUnheld } from '../lib/boot-loading'
import { HomePage } from '../routes/HomePage'
import { AppProviders } from './providers'

// Almost every visit starts at /, shown at once. The other pages (the staff pages, not found) load
// on demand (ADR 012); each page is a document load of its own, so no router is needed (ADR 033).
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
