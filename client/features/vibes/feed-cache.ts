import type { InfiniteData } from '@tanstack/react-query'
import type { FeedPage, Vibe } from '../../../shared/vibes/vibe.schema'

export type FeedData = InfiniteData<FeedPage, string | null>

// Pure edits of the cached feed. Each is idempotent, so an event that arrives twice (once live,
// once again after a resync) or a local write echoed back by the live channel changes nothing.

const contains = (feed: FeedData, id: string) =>
  feed.pages.some((page) => page.vibes.some((vibe) => vibe.id === id))

/** A new vibe goes on top of the first page, unless the feed already has it. */
export function insertVibe(feed: FeedData, vibe: Vibe): FeedData {
  if (contains(feed, vibe.id)) return replaceVibe(feed, vibe)
  const [first, ...rest] = feed.pages
  if (!first) return feed
  return { ...feed, pages: [{ ...first, vibes: [vibe, ...first.vibes] }, ...rest] }
}

/**
 * A changed vibe replaces the cached one where it stands. An older version never overwrites a
 * newer one, so events applied out of order settle on the latest row.
 */
export function replaceVibe(feed: FeedData, vibe: Vibe): FeedData {
  let changed = false
  const pages = feed.pages.map((page) => {
    const index = page.vibes.findIndex((cached) => cached.id === vibe.id)
    const cached = page.vibes[index]
    if (!cached || Date.parse(cached.updatedAt) > Date.parse(vibe.updatedAt)) return page
    changed = true
    return { ...page, vibes: page.vibes.with(index, vibe) }
  })
  return changed ? { ...feed, pages } : feed
}

/** A deleted vibe disappears from whichever page holds it. */
export function removeVibe(feed: FeedData, id: string): FeedData {
  if (!contains(feed, id)) return feed
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      vibes: page.vibes.filter((vibe) => vibe.id !== id),
    })),
  }
}

/** Only the first page, so that a resync refetches one page rather than every loaded one. */
export function keepFirstPage(feed: FeedData): FeedData {
  // Already one page (the usual case at a reconnect): the same object, so nothing re-renders.
  if (feed.pages.length <= 1) return feed
  return { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) }
}
