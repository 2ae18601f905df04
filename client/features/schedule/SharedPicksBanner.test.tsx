import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pendingLink } from '../../lib/pending-links'
import { fakeServer, renderWithApp, type SentRequest } from '../../test/render'
import { SharedPicksBanner } from './SharedPicksBanner'
import { useSharedPicks } from './use-shared-picks'

const CODE = 'alexSharesPicks123'
const alex = { userId: 'u-alex', username: 'Alex', emoji: '🦊' }

/** As the app composes it: the picks of the link that opened the app, and their banner. */
function OpenedPicks({ me }: { me: string }) {
  const { picks, close } = useSharedPicks(me)
  return picks ? <SharedPicksBanner picks={picks} onClose={close} /> : <p>No picks open</p>
}

function openedWithLink() {
  localStorage.setItem('vibeconnect.pending-picks', CODE)
}

const answer = (request: SentRequest) => {
  if (request.path === `/api/schedule/shared/${CODE}`) {
    return { status: 200, body: { owner: alex, keys: ['h.vanta', 'h.lagoon'], following: false } }
  }
  if (request.path === '/api/schedule/follows') return { status: 204, body: {} }
  if (request.path === '/api/schedule/crew')
    return { status: 200, body: { following: [alex], picks: {} } }
  throw new Error(`unexpected ${request.method} ${request.path}`)
}

describe("a friend's shared picks", () => {
  afterEach(() => localStorage.clear())

  it('says whose picks are marked, follows them, and then lets the link go', async () => {
    openedWithLink()
    const sent = fakeServer(answer)
    renderWithApp(<OpenedPicks me="u-me" />)
    expect(await screen.findByRole('heading', { name: "Alex's picks" })).toBeTruthy()
    expect(
      screen.getByText('The 2 sets Alex starred are marked on your lineup: “Alex goes”.'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Follow Alex' }))
    expect(await screen.findByText('You follow Alex')).toBeTruthy()
    expect(sent.find((request) => request.path === '/api/schedule/follows')?.body).toEqual({
      code: CODE,
    })
    expect(await screen.findByText('No picks open')).toBeTruthy()
    expect(pendingLink('picks')).toBeNull()
  })

  it('drops a link that was replaced, and says so', async () => {
    openedWithLink()
    fakeServer(() => ({
      status: 404,
      body: { code: 'share_not_found', message: 'This share link does not exist or was replaced' },
    }))
    renderWithApp(<OpenedPicks me="u-me" />)
    expect(await screen.findByText("That share link didn't work")).toBeTruthy()
    expect(pendingLink('picks')).toBeNull()
  })

  it('keeps the link for the next start when offline, after its retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    openedWithLink()
    let tries = 0
    vi.stubGlobal('fetch', async () => {
      tries += 1
      throw new TypeError('Failed to fetch')
    })
    renderWithApp(<OpenedPicks me="u-me" />)
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(tries).toBe(3)
    expect(screen.getByText('No picks open')).toBeTruthy()
    expect(screen.queryByText("That share link didn't work")).toBeNull()
    expect(pendingLink('picks')).toBe(CODE)
  })

  it('recognises my own link', async () => {
    openedWithLink()
    fakeServer(answer)
    renderWithApp(<OpenedPicks me="u-alex" />)
    expect(await screen.findByText('That is your own share link')).toBeTruthy()
    expect(screen.getByText('No picks open')).toBeTruthy()
  })
})
