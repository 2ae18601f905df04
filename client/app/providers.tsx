import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { OfflineBanner } from '../components/OfflineBanner'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Festival networks are flaky: retry a little, but never hammer a struggling server.
      retry: 2,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      refetchOnWindowFocus: false,
    },
  },
})

/** Server cache, toasts and the offline notice for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <OfflineBanner />
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </QueryClientProvider>
  )
}
