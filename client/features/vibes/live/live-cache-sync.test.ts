import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FeedPage, Vibe } from '../../../../shared/vibes/vibe.schema'
import { vibeWithId as vibe } from '../../../test/fixtures'
import type { FeedData } from '../feed-cache'
import { vibesKeys } from '../vibes.keys'
import { createLiveCacheSync } from './live-cache-sync'

const ME = 'user-me'
const page = (...vibes: Vibe[]): FeedPage => ({ vibes, nextCursor: null })

let queryClient: QueryClient
let serverFeed: () => Promise<FeedPage>
let serverCount: () => Promise<{ count: number }>
let unsubscribe: (() => void)[]

const feedIds = () =>
  queryClient.getQueryData<FeedData>(vibesKeys.feed())?.pages.map((p) => p.vibes.map((v) => v.id))

/** Seeds the caches and keeps them observed, as the mounted feed would. */
async function mountFeed(pages: FeedPage[], count = 10) {
  queryClient.setQueryData<FeedData>(vibesKeys.feed(), {
    pages,
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  })
  queryClient.setQueryData(vibesKeys.userCount(), { count })
  const feed = new InfiniteQueryObserver(queryClient, {
    queryKey: vibesKeys.feed(),
    queryFn: () => serverFeed(),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const users = new QueryObserver(queryClient, {
    queryKey: vibesKeys.userCount(),
    queryFn: () => serverCount(),
    staleTime: Number.POSITIVE_INFINITY,
  })
  unsubscribe.push(
    feed.subscribe(() => {}),
    users.subscribe(() => {}),
  )
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  serverFeed = async () => page()
  serverCount = async () => ({ count: 0 })
  unsubscribe = []
})
afterEach(() => {
  for (const stop of unsubscribe) stop()
  queryClient.clear()
})

describe('createLiveCacheSync', () => {
  it('puts an inserted vibe on top and edits or removes vibes in place', async () => {
    await mountFeed([page(vibe('b'), vibe('c')), page(vibe('d'))])
    const apply = createLiveCacheSync(queryClient, ME)
    apply({ type: 'vibe', op: 'insert', id: 'a', vibe: vibe('a') })
    apply({ type: 'vibe', op: 'delete', id: 'c' })
    const changed = vibe('d', { status: 'moshing', updatedAt: '2025-07-19T21:00:00.000Z' })
    apply({ type: 'vibe', op: 'update', id: 'd', vibe: changed })
    expect(feedIds()).toEqual([['a', 'b'], ['d']])
    expect(queryClient.getQueryData<FeedData>(vibesKeys.feed())?.pages[1]?.vibes[0]).toEqual(
      changed,
    )
  })

  it('sets the user count from the event', async () => {
    await mountFeed([page()], 10)
    createLiveCacheSync(queryClient, ME)({ type: 'user-count', count: 11 })
    expect(queryClient.getQueryData(vibesKeys.userCount())).toEqual({ count: 11 })
  })

  it('keeps my vibe in step when it changes elsewhere', async () => {
    const mine = vibe('m', { userId: ME })
    queryClient.setQueryData(vibesKeys.mine(ME), { vibe: mine })
    const apply = createLiveCacheSync(queryClient, ME)
    const edited = { ...mine, status: 'new tab, new me', updatedAt: '2025-07-19T22:00:00.000Z' }
    apply({ type: 'vibe', op: 'update', id: 'm', vibe: edited })
    expect(queryClient.getQueryData(vibesKeys.mine(ME))).toEqual({ vibe: edited })
    apply({ type: 'vibe', op: 'update', id: 'm', vibe: mine })
    expect(queryClient.getQueryData(vibesKeys.mine(ME))).toEqual({ vibe: edited })
    apply({ type: 'vibe', op: 'update', id: 'x', vibe: vibe('x') })
    expect(queryClient.getQueryData(vibesKeys.mine(ME))).toEqual({ vibe: edited })
  })

  it('reloads my vibe when it is deleted', async () => {
    queryClient.setQueryData(vibesKeys.mine(ME), { vibe: vibe('m', { userId: ME }) })
    createLiveCacheSync(queryClient, ME)({ type: 'vibe', op: 'delete', id: 'm' })
    expect(queryClient.getQueryState(vibesKeys.mine(ME))?.isInvalidated).toBe(true)
  })

  it('on ready, refetches only the first page and the count', async () => {
    await mountFeed([page(vibe('b')), page(vibe('c')), page(vibe('d'))])
    let feedRequests = 0
    serverFeed = async () => {
      feedRequests += 1
      return page(vibe('new'), vibe('b'))
    }
    serverCount = async () => ({ count: 42 })
    createLiveCacheSync(queryClient, ME)({ type: 'ready' })
    await settle()
    expect(feedRequests).toBe(1)
    expect(feedIds()).toEqual([['new', 'b']])
    expect(queryClient.getQueryData(vibesKeys.userCount())).toEqual({ count: 42 })
  })

  it('re-applies changes that arrive while the resync is in flight', async () => {
    await mountFeed([page(vibe('b'))])
    let answer: (page: FeedPage) => void = () => {}
    serverFeed = () => new Promise((resolve) => (answer = resolve))
    serverCount = async () => ({ count: 3 })
    const apply = createLiveCacheSync(queryClient, ME)
    apply({ type: 'ready' })
    apply({ type: 'vibe', op: 'insert', id: 'late', vibe: vibe('late') })
    apply({ type: 'user-count', count: 4 })
    answer(page(vibe('b'))) // read before "late" was committed
    await settle()
    await settle()
    expect(feedIds()).toEqual([['late', 'b']])
    expect(queryClient.getQueryData(vibesKeys.userCount())).toEqual({ count: 4 })
  })
})
