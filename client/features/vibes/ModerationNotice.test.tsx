import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import { createLiveCacheSync } from './live/live-cache-sync'
import { ModerationNotice } from './ModerationNotice'
import { useMyVibe } from './my-vibe.api'

const mine = aVibe({ id: 'v-me', userId: 'me', username: 'Me' })

function MyVibeStatus({ onUpdate }: { onUpdate: () => void }) {
  const vibe = useMyVibe('me').data?.vibe
  return vibe ? <ModerationNotice me={vibe} onUpdate={onUpdate} /> : <p>no vibe</p>
}

describe('my vibe’s moderation state', () => {
  it('follows /api/vibes/mine and my live updates: under review, removed with the reason, back', async () => {
    fakeServer(() => ({
      status: 200,
      body: { vibe: { ...mine, moderation: { state: 'hidden', reason: null } } },
    }))
    const onUpdate = vi.fn()
    const user = userEvent.setup()
    const { queryClient } = renderWithApp(<MyVibeStatus onUpdate={onUpdate} />)
    const live = createLiveCacheSync(queryClient, 'me')

    const notice = await screen.findByRole('region', { name: 'Your vibe’s status' })
    expect(notice.textContent).toContain('Under review')
    expect(notice.textContent).toContain('hidden from the feed until a moderator looks at it')
    expect(screen.queryByRole('button', { name: 'Update your vibe' })).toBeNull()

    const removed = { state: 'removed', reason: 'Selling tickets' } as const
    act(() =>
      live({ type: 'vibe', op: 'update', id: mine.id, vibe: { ...mine, moderation: removed } }),
    )
    expect(await screen.findByRole('heading', { name: 'Removed: Selling tickets' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Update your vibe' }))
    expect(onUpdate).toHaveBeenCalledOnce()

    // Restored: everyone's feed gets it back, and my copy comes without `moderation`.
    act(() => live({ type: 'vibe', op: 'insert', id: mine.id, vibe: mine }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Your vibe’s status' })).toBeNull(),
    )
  })

  it('shows nothing while my vibe is visible', async () => {
    fakeServer(() => ({
      status: 200,
      body: { vibe: { ...mine, moderation: { state: 'visible', reason: null } } },
    }))
    renderWithApp(<MyVibeStatus onUpdate={() => {}} />)
    await waitFor(() => expect(screen.queryByText('no vibe')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Your vibe’s status' })).toBeNull()
    expect(screen.queryByText(/Under review|Removed/)).toBeNull()
  })
})
