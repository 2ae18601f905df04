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

  it('says the feed is not updating while the device is offline, whatever the socket says', async () => {
    growingServer()
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    try {
      renderFeed('live')
      expect(await screen.findByText('Not updating')).toBeTruthy()
      expect(screen.queryByText('Live')).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
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

describe('the refresh button', () => {
  /** A server that holds each feed answer until `release` is called. */
  function heldServer() {
    const held: (() => void)[] = []
    fakeServer(({ path }) => {
      if (path.startsWith('/api/users/count')) return { status: 200, body: { count: 1 } }
      return new Promise((resolve) =>
        held.push(() => resolve({ status: 200, body: { vibes: [vibe(1)], nextCursor: null } })),
      )
    })
    // Answers the feed requests made so far, once there is one.
    const release = async () => {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0))
      for (const answer of held.splice(0)) answer()
    }
    return { release }
  }

  it('turns and is disabled while the reload the user asked for runs, keeping the focus', async () => {
    const server = heldServer()
    renderFeed('live')
    await server.release()
    expect(await screen.findByText('Fan1')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Refresh vibes' }) as HTMLButtonElement
    button.focus()
    act(() => button.click())
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'))
    // Not `disabled`: that would drop the keyboard focus to the page.
    expect(button.disabled).toBe(false)
    expect(document.activeElement).toBe(button)
    await act(() => server.release())
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'))
    expect(document.activeElement).toBe(button)
  })

  it("stays still during the live channel's quiet catch-up", async () => {
    const server = heldServer()
    const { queryClient } = renderFeed('live')
    await server.release()
    expect(await screen.findByText('Fan1')).toBeTruthy()
    act(() => void queryClient.invalidateQueries({ queryKey: ['vibes'] }))
    // The reload is under way (held at the server), and the button has not moved.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBeGreaterThan(0))
    const button = screen.getByRole('button', { name: 'Refresh vibes' }) as HTMLButtonElement
    expect(button.getAttribute('aria-disabled')).toBe('false')
    await act(() => server.release())
  })
})
