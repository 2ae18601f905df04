import { lazy, Suspense } from 'react'
import { HomePage } from '../routes/HomePage'
import { AppProviders } from './providers'

// Every visit but a lost one starts at /, which needs no router: React Router loads only for
// other paths (ADR 012). Once loaded, it owns navigation, "Return to Home" included.
const RoutedApp = lazy(() => import('./RoutedApp'))

export function App() {
  return (
    <AppProviders>
      {window.location.pathname === '/' ? (
        <HomePage />
      ) : (
        <Suspense fallback={null}>
          <RoutedApp />
        </Suspense>
      )}
    </AppProviders>
  )
}
