import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { myVibeQuery } from '../features/vibes/my-vibe.api'
import { fakeServer } from '../test/render'
import { prefetchMainScreen } from './main-screen-data'
import { MAIN_SCREEN_REQUESTS } from './start-requests'

describe("the main screen's first requests", () => {
  it('are exactly the ones the entry script starts early, so none is asked for twice', async () => {
    const sent = fakeServer(() => ({ status: 200, body: {} }))
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await Promise.all([
      queryClient.fetchQuery(myVibeQuery('user-1')),
      prefetchMainScreen(queryClient),
    ])
    expect(sent.map((request) => request.path).sort()).toEqual([...MAIN_SCREEN_REQUESTS].sort())
    expect(sent.every((request) => request.method === 'GET')).toBe(true)
  })
})
