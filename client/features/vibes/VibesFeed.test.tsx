import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import type { LiveStatus } from './live/live-connection'
import { VibesFeed } from './VibesFeed'

const vibe = (n: number): Vibe =>
  aVibe({
    id: `v${n}`,
    userId: `u${n}`,
    username: `Fan${n}`,
    status: `Status ${n}`,
    createdAt: '2026-07-10T20:00:00.000Z',
    updatedAt: '2026-07-10T20:00:00.000Z',
  })

/** A server whose feed and count grow by one at every request; counts the requests of each. */
function growingServer() {
  let people = 1
  const sent = fakeServer(({ path }) => {
    if (path.startsWith('/api/users/count')) return { status: 200, body: { count: people } }
    people += 1
    const vibes = Array.from({ length: people - 1 }, (_, i) => vibe(people - 1 - i))
    return { status: 200, body: { vibes, nextCursor: null } }
  })
  return {
    feedRequests: () => sent.filter(({ path }) => path.startsWith('/api/vibes')).length,
    countRequests: () => sent.filter(({ path }) => path.startsWith('/api/users/count')).length,
  }
}

const renderFeed = (liveStatus: LiveStatus) =>
  renderWithApp(<VibesFeed userId="me" liveStatus={liveStatus} onUpdateVibe={() => {}} />)

describe('VibesFeed without the live channel', () => {
  it('fetches the feed and the count every 30 s while it falls back, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = growingServer()
    renderFeed('polling')
    expect(await screen.findByText('Fan1')).toBeTruthy()
    expect(screen.getByText('Updates every 30 s').getAttribute('aria-hidden')).toBe('true')
    expect(screen.getByText('Updates every 30 seconds').className).toContain('sr-only')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(await screen.findByText('Fan2')).toBeTruthy()
    expect(server.feedRequests()).toBe(2)
    expect(server.countRequests()).toBe(2)
  })

  it('does not poll while live: the channel brings the changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = growingServer()
    renderFeed('live')
    expect(await screen.findByText('Fan1')).toBeTruthy()
    expect(screen.getByText('Live')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(120_000))
    expect(server.feedRequests()).toBe(1)
    expect(server.countRequests()).toBe(1)
  })
})
