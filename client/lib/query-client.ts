import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** A refusal that asking again cannot change (a bad request, a refused token), unlike 408/429. */
const isFinal = (error: Error) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429

/**
 * The server cache. Only the screens that load on demand use it (the signed-in app and the sign-in
 * screen's festival line), so TanStack Query stays out of the first screen's script (ADR 012).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Festival networks are flaky: retry a little, but never hammer a struggling server.
      retry: (failures, error) => failures < 2 && !isFinal(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      refetchOnWindowFocus: false,
      // The start asks for the main screen's data before drawing it (app/main-screen-data.ts):
      // an answer seconds old is not asked for again when its screen mounts. What changes later
      // comes from the live channel (which invalidates), Refresh, or the writes' own reloads.
      staleTime: 10_000,
    },
    mutations: {
      // A write that is not kept on the device (a new WiFi code, a report, a check-in) fails at
      // once offline, and its screen says so. TanStack Query's default pauses it instead, with
      // its button busy and nothing said, and sends it at the `online` event, even after the
      // person cancelled: a new WiFi code then cut off the old one. My vibe and stars, which the
      // device queues (lib/outbox.ts), say 'always' themselves.
      networkMode: 'always',
    },
  },
})

// TanStack Query assumes a network until an `offline` event says otherwise: a start with none
// (the app opened offline from its worker) would try every query and show its failure instead of
// the data kept on the device. Queries wait instead, and run at the `online` event (ADR 034).
onlineManager.setOnline(navigator.onLine)
