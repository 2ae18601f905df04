import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { Toaster } from '../components/toasts/Toaster'

/** A query cache as the tests want it: a failed request is not tried again. */
export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } })

/**
 * Renders `ui` as the signed-in screens have it: in a query cache (a fresh one, or one the test
 * filled first), with the page's toaster.
 */
export function renderWithApp(ui: ReactNode, queryClient = createTestQueryClient()) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}

/** A recorded request to the stand-in server. */
export interface SentRequest {
  method: string
  path: string
  body: unknown
}

/**
 * Stands in for the server: `answer` gives each request's status and JSON body (or a promise of
 * them, to hold it). Returns the requests sent so far.
 */
export function fakeServer(
  answer: (
    request: SentRequest,
  ) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
): SentRequest[] {
  const sent: SentRequest[] = []
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    sent.push(request)
    const { status, body } = await answer(request)
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return sent
}
