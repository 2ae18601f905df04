import { describe, expect, it } from 'vitest'
import { type FeedPage, FeedPageSchema } from '../../shared/vibes/vibe.schema'
import { createFakeClock } from '../test/fake-clock'
import { RESPONSE_CACHE_MAX_AGE_MS, ResponseCache } from './response-cache'

const page = (status: string): FeedPage => ({
  vibes: [
    {
      id: 'a1',
      userId: 'u1',
      username: 'Fan',
      emoji: '🎉',
      status,
      createdAt: '2026-07-10T20:00:00.000Z',
      updatedAt: '2026-07-10T20:00:00.000Z',
    },
  ],
  nextCursor: null,
})

/** A loader whose answers the test releases by hand, counting the reads. */
function manualLoader() {
  const waiting: Array<(value: FeedPage) => void> = []
  let reads = 0
  return {
    load: () => {
      reads += 1
      return new Promise<FeedPage>((resolve) => waiting.push(resolve))
    },
    release: (value: FeedPage) => waiting.shift()?.(value),
    reads: () => reads,
  }
}

// Exercised with the feed's first page, the answer it was built for.
describe('the response cache', () => {
  it('reads once for many requests, then serves the same text until a change', async () => {
    const clock = createFakeClock()
    const loader = manualLoader()
    const cache = new ResponseCache(FeedPageSchema, loader.load, clock.now)
    const first = Promise.all([cache.get(50), cache.get(50), cache.get(50)])
    loader.release(page('one'))
    const bodies = await first
    expect(new Set(bodies).size).toBe(1)
    expect(JSON.parse(bodies[0]!).vibes[0].status).toBe('one')
    expect(await cache.get(50)).toBe(bodies[0])
    expect(loader.reads()).toBe(1)

    cache.invalidate()
    const next = cache.get(50)
    loader.release(page('two'))
    expect(JSON.parse(await next).vibes[0].status).toBe('two')
    expect(loader.reads()).toBe(2)
  })

  it('never keeps a page whose read began before a change', async () => {
    const clock = createFakeClock()
    const loader = manualLoader()
    const cache = new ResponseCache(FeedPageSchema, loader.load, clock.now)
    const stale = cache.get(50)
    cache.invalidate()
    loader.release(page('before the change'))
    await stale
    const fresh = cache.get(50)
    loader.release(page('after the change'))
    expect(JSON.parse(await fresh).vibes[0].status).toBe('after the change')
    expect(loader.reads()).toBe(2)
  })

  it('reads again once the answer is older than its maximum age, and per key', async () => {
    const clock = createFakeClock()
    const loader = manualLoader()
    const cache = new ResponseCache(FeedPageSchema, loader.load, clock.now)
    const first = cache.get(50)
    loader.release(page('one'))
    await first
    clock.advance(RESPONSE_CACHE_MAX_AGE_MS)
    const aged = cache.get(50)
    loader.release(page('aged'))
    expect(JSON.parse(await aged).vibes[0].status).toBe('aged')
    const small = cache.get(10)
    loader.release(page('small'))
    expect(JSON.parse(await small).vibes[0].status).toBe('small')
    expect(loader.reads()).toBe(3)
  })

  it('refuses to cache a page that breaks the response schema', async () => {
    const cache = new ResponseCache(
      FeedPageSchema,
      async () => ({ vibes: [{ id: 1 }], nextCursor: null }),
      Date.now,
    )
    await expect(cache.get(50)).rejects.toThrow()
  })
})
