import { QueryClient } from '@tanstack/react-query'

/**
 * The server cache. Only the screens that load on demand use it (the signed-in app and the sign-in
 * screen's festival line), so TanStack Query stays out of the first screen's script (ADR 012).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Festival networks are flaky: retry a little, but never hammer a struggling server.
      retry: 2,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      refetchOnWindowFocus: false,
    },
  },
})
