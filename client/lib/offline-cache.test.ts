// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keepOfflineCache } from './offline-cache'

// The device's storage: which parts each write replaced.
const writes = vi.hoisted(() => [] as string[][])
vi.mock('./offline-store', () => ({
  readOfflineParts: async () => [],
  writeOfflineParts: async (_entry: string, _userId: string, parts: [string, unknown][]) => {
    writes.push(parts.map(([part]) => part))
  },
  forgetOffline: async () => {},
}))

const feedPage = (status: string) => ({ pages: [{ vibes: [{ status }] }], pageParams: [null] })

describe('the data kept on the device', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    writes.length = 0
  })
  afterEach(() => vi.useRealTimers())

  it('rewrites only the queries that changed: a live feed does not rewrite the lineup', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['lineup'], { sets: Array.from({ length: 300 }, (_, i) => i) })
    queryClient.setQueryData(['vibes', 'feed'], feedPage('first'))
    queryClient.setQueryData(['festival', 'info'], { name: 'not kept' })
    const hash = (key: unknown[]) => queryClient.getQueryCache().find({ queryKey: key })!.queryHash

    const stop = keepOfflineCache(queryClient, 'user-1')
    await vi.advanceTimersByTimeAsync(1000)
    expect(writes).toEqual([[hash(['lineup']), hash(['vibes', 'feed']), 'meta']])

    queryClient.setQueryData(['vibes', 'feed'], feedPage('second'))
    queryClient.setQueryData(['vibes', 'feed'], feedPage('third'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(writes[1]).toEqual([hash(['vibes', 'feed']), 'meta'])
    expect(writes).toHaveLength(2)
    stop()
  })

  it('keeps my level, for the level card offline, and not my crew', async () => {
    const queryClient = new QueryClient()
    const stop = keepOfflineCache(queryClient, 'user-1')
    queryClient.setQueryData(['game'], { level: 2 })
    queryClient.setQueryData(['schedule', 'crew'], { following: [] })
    const hash = (key: unknown[]) => queryClient.getQueryCache().find({ queryKey: key })!.queryHash
    await vi.advanceTimersByTimeAsync(1000)
    expect(writes).toEqual([[hash(['game']), 'meta']])
    stop()
  })
})
