import { onlineManager } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { MyVibe, Vibe } from '../../../shared/vibes/vibe.schema'
import { createTestQueryClient, fakeServer, renderWithApp } from '../../test/render'
import { UpdateVibeModal } from './UpdateVibeModal'
import { vibesKeys } from './vibes.keys'

const onScreen: Vibe = {
  id: 'v1',
  userId: 'u1',
  username: 'Luna',
  emoji: '🎸',
  status: 'Tuning up',
  createdAt: '2026-07-10T12:00:00.000Z',
  updatedAt: '2026-07-10T12:00:00.000Z',
}

/** A request the server never answers, as on a network that swallows it. */
const never = () => new Promise<never>(() => {})

/** The dialog opened on the main screen, whose caches hold my vibe as the header shows it. */
function openDialog(cached: { mine?: Vibe; feed?: Vibe[] } = { mine: onScreen }) {
  const queryClient = createTestQueryClient()
  if (cached.mine) queryClient.setQueryData(vibesKeys.mine('u1'), { vibe: cached.mine })
  if (cached.feed) {
    queryClient.setQueryData(vibesKeys.feed(), {
      pages: [{ vibes: cached.feed, nextCursor: null }],
      pageParams: [null],
    })
  }
  return renderWithApp(<UpdateVibeModal open onClose={() => {}} userId="u1" />, queryClient)
}

const username = () => screen.findByLabelText<HTMLInputElement>('Username')
const status = () => screen.getByLabelText<HTMLTextAreaElement>("What's your vibe right now?")

describe('the Update Vibe dialog', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('shows my vibe as on screen at once, while the refresh is still out', async () => {
    const sent = fakeServer(never)
    openDialog()
    expect((await username()).value).toBe('Luna')
    expect(status().value).toBe('Tuning up')
    expect(screen.getByRole('status', { name: 'Selected vibe' }).textContent).toBe('🎸')
    expect(screen.queryByText('Loading your vibe...')).toBeNull()
    expect(sent.map((request) => request.path)).toEqual(['/api/vibes/mine'])
  })

  it('offline: keeps the form usable, says so quietly, and refreshes once back online', async () => {
    onlineManager.setOnline(false)
    const sent = fakeServer(() => ({
      status: 200,
      body: { vibe: { ...onScreen, status: 'Newer' } },
    }))
    openDialog()
    expect((await username()).value).toBe('Luna')
    expect(
      await screen.findByText(/You're offline: this is your vibe as it was on screen/),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sent).toEqual([])

    onlineManager.setOnline(true)
    await waitFor(() => expect(status().value).toBe('Newer'))
    expect(screen.queryByText(/You're offline/)).toBeNull()
  })

  it('when the refresh fails, says so with Try again, and the form still saves', async () => {
    let mineAnswer: { status: number; body: unknown } = {
      status: 503,
      body: { code: 'service_unavailable', message: 'Busy' },
    }
    const sent = fakeServer(({ method }) =>
      method === 'PATCH'
        ? { status: 200, body: { vibe: { ...onScreen, status: 'Front row' } } }
        : mineAnswer,
    )
    const user = userEvent.setup()
    openDialog()
    await username()
    expect(await screen.findByText(/Couldn't check for a newer version of your vibe/)).toBeTruthy()

    await user.clear(status())
    await user.type(status(), 'Front row')
    await user.click(screen.getByRole('button', { name: 'Update Vibe' }))
    expect(await screen.findByText('Vibe updated! ✨')).toBeTruthy()
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/vibes/v1',
      body: { username: 'Luna', emoji: '🎸', status: 'Front row' },
    })

    // Try again asks once more; an answer clears the note.
    mineAnswer = { status: 200, body: { vibe: onScreen } }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByText(/Couldn't check/)).toBeNull())
  })

  it('takes the newer vibe the refresh brings, unless I have started editing', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {}
    fakeServer(() => new Promise((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    const { unmount } = openDialog()
    await username()
    answer({ status: 200, body: { vibe: { ...onScreen, id: 'v2', username: 'Luna B' } } })
    await waitFor(async () => expect((await username()).value).toBe('Luna B'))
    unmount()

    const { queryClient } = openDialog()
    await user.type(await username(), '!')
    answer({ status: 200, body: { vibe: { ...onScreen, username: 'Someone else' } } })
    await waitFor(() =>
      expect(queryClient.getQueryData<MyVibe>(vibesKeys.mine('u1'))?.vibe?.username).toBe(
        'Someone else',
      ),
    )
    expect((await username()).value).toBe('Luna!')
  })

  it('falls back on my entry in the feed when my vibe is not cached', async () => {
    fakeServer(never)
    openDialog({ feed: [{ ...onScreen, id: 'v0', userId: 'u2', username: 'Other' }, onScreen] })
    expect((await username()).value).toBe('Luna')
  })

  it("says 'Loading your vibe...' first when nothing is known, then offers to try again", async () => {
    let fail = true
    fakeServer(() =>
      fail
        ? { status: 503, body: { code: 'service_unavailable', message: 'Busy' } }
        : { status: 200, body: { vibe: onScreen } },
    )
    const user = userEvent.setup()
    openDialog({})
    expect(screen.getByText('Loading your vibe...')).toBeTruthy()
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't load your vibe")
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect((await username()).value).toBe('Luna')
  })
})
