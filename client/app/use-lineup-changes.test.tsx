import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lineupQuery } from '../features/lineup/lineup.api'
import { scheduleKeys } from '../features/schedule/schedule.keys'
import { fakeServer } from '../test/render'
import { useLineupChanges } from './use-lineup-changes'

const lineup = (lastUpdated: string) => ({ success: true as const, data: [], lastUpdated })

/** The hook in a query cache that already holds a lineup and my schedule. */
function renderWithCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(lineupQuery.queryKey, lineup('2026-07-01T10:00:00.000Z'))
  queryClient.setQueryData(scheduleKeys.mine(), { stars: [], reminders: {} })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useLineupChanges(), { wrapper })
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated
  return { queryClient, onNews: result.current, stale }
}

describe("the live channel's lineup news", () => {
  it('a lineup message reloads the lineup and my schedule', () => {
    fakeServer(() => ({ status: 200, body: lineup('2026-07-02T10:00:00.000Z') }))
    const { onNews, stale } = renderWithCache()
    onNews({ type: 'lineup', etag: '"new"' })
    expect(stale(lineupQuery.queryKey)).toBe(true)
    expect(stale(scheduleKeys.mine())).toBe(true)
  })

  it('a ready checks the lineup quietly and leaves everything as it is when unchanged', async () => {
    const sent = fakeServer(() => ({ status: 200, body: lineup('2026-07-01T10:00:00.000Z') }))
    const { onNews, stale, queryClient } = renderWithCache()
    const before = queryClient.getQueryState(lineupQuery.queryKey)?.dataUpdatedAt
    onNews({ type: 'ready' })
    await vi.waitFor(() => expect(sent.map((request) => request.path)).toEqual(['/api/lineup']))
    await new Promise((resolve) => setTimeout(resolve))
    expect(queryClient.getQueryState(lineupQuery.queryKey)?.dataUpdatedAt).toBe(before)
    expect(stale(scheduleKeys.mine())).toBe(false)
  })

  it('a ready that finds a lineup changed meanwhile shows it and reloads my schedule', async () => {
    fakeServer(() => ({ status: 200, body: lineup('2026-07-02T10:00:00.000Z') }))
    const { onNews, stale, queryClient } = renderWithCache()
    onNews({ type: 'ready' })
    await vi.waitFor(() => expect(stale(scheduleKeys.mine())).toBe(true))
    expect(queryClient.getQueryData(lineupQuery.queryKey)).toMatchObject({
      lastUpdated: '2026-07-02T10:00:00.000Z',
    })
  })
})
