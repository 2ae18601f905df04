import { describe, expect, it } from 'vitest'
import { vibeWithId as vibe } from '../../test/fixtures'
import { type FeedData, insertVibe, keepFirstPage, removeVibe, replaceVibe } from './feed-cache'

const feed = (...pages: string[][]): FeedData => ({
  pages: pages.map((ids, index) => ({
    vibes: ids.map((id) => vibe(id)),
    nextCursor: index < pages.length - 1 ? `cursor-${index + 1}` : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
})

const ids = (data: FeedData) => data.pages.map((page) => page.vibes.map((v) => v.id))

describe('insertVibe', () => {
  it('puts a new vibe on top of the first page', () => {
    expect(ids(insertVibe(feed(['b', 'c'], ['d']), vibe('a')))).toEqual([['a', 'b', 'c'], ['d']])
  })

  it('does not add a vibe the feed already holds, but takes its newer content', () => {
    const newer = vibe('d', { status: 'newer', updatedAt: '2025-07-19T21:00:00.000Z' })
    const result = insertVibe(feed(['b', 'c'], ['d']), newer)
    expect(ids(result)).toEqual([['b', 'c'], ['d']])
    expect(result.pages[1]?.vibes[0]?.status).toBe('newer')
  })
})

describe('replaceVibe', () => {
  it('replaces the vibe where it stands, on any page', () => {
    const updated = vibe('d', { status: 'dancing', updatedAt: '2025-07-19T21:00:00.000Z' })
    const result = replaceVibe(feed(['b', 'c'], ['d', 'e']), updated)
    expect(ids(result)).toEqual([
      ['b', 'c'],
      ['d', 'e'],
    ])
    expect(result.pages[1]?.vibes[0]?.status).toBe('dancing')
  })

  it('ignores an older version of a vibe', () => {
    const current = feed(['a'])
    const newer = replaceVibe(current, vibe('a', { status: 'new', updatedAt: '2025-07-19T22:00Z' }))
    const stale = vibe('a', { status: 'old', updatedAt: '2025-07-19T21:00:00.000Z' })
    expect(replaceVibe(newer, stale).pages[0]?.vibes[0]?.status).toBe('new')
  })

  it('leaves the feed as it is when the vibe is not loaded', () => {
    const current = feed(['a'])
    expect(replaceVibe(current, vibe('z'))).toBe(current)
  })
})

describe('removeVibe', () => {
  it('removes the vibe from whichever page holds it', () => {
    expect(ids(removeVibe(feed(['a', 'b'], ['c', 'd']), 'c'))).toEqual([['a', 'b'], ['d']])
  })

  it('leaves the feed as it is when the vibe is not loaded', () => {
    const current = feed(['a'])
    expect(removeVibe(current, 'z')).toBe(current)
  })
})

describe('keepFirstPage', () => {
  it('drops every page after the first, with its cursor', () => {
    const result = keepFirstPage(feed(['a'], ['b'], ['c']))
    expect(ids(result)).toEqual([['a']])
    expect(result.pageParams).toEqual([null])
  })

  it('leaves a feed of one page as it is (the same object: nothing re-renders)', () => {
    const one = feed(['a', 'b'])
    expect(keepFirstPage(one)).toBe(one)
  })
})
