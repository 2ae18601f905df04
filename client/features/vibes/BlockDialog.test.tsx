import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import { VibesFeed } from './VibesFeed'

const mine = aVibe({ id: 'v-me', userId: 'me', username: 'Me' })
const pest = aVibe({ id: 'v-pest', userId: 'pest', username: 'Pesky', status: 'bzz' })

function serve() {
  const feed = { vibes: [pest, mine], nextCursor: null }
  return fakeServer(({ method, path }) => {
    if (path.startsWith('/api/users/count')) return { status: 200, body: { count: 2 } }
    if (method === 'POST' && path === '/api/blocks') return { status: 204, body: {} }
    return { status: 200, body: feed }
  })
}

const renderFeed = () =>
  renderWithApp(<VibesFeed userId="me" liveStatus="live" onUpdateVibe={() => {}} />)

describe('blocking from the feed', () => {
  it('blocks another fan after a confirmation that says what it does; their vibe leaves my feed', async () => {
    const sent = serve()
    const user = userEvent.setup()
    renderFeed()
    await user.click(await screen.findByRole('button', { name: 'Block Pesky' }))
    const dialog = await screen.findByRole('dialog', { name: 'Block Pesky?' })
    expect(within(dialog).getByText(/Neither of you will see the other's vibe/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Block Pesky' }))
    expect(await screen.findByText('You blocked Pesky')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('bzz')).toBeNull())
    expect(screen.getByText('Me')).toBeTruthy()
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/blocks', body: { userId: 'pest' } },
    ])
  })

  it('offers no Block on my own entry, and Cancel blocks nobody', async () => {
    const sent = serve()
    const user = userEvent.setup()
    renderFeed()
    await screen.findByText('bzz')
    expect(screen.queryByRole('button', { name: 'Block Me' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Block Pesky' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('bzz')).toBeTruthy()
    expect(sent.filter((request) => request.method === 'POST')).toEqual([])
  })
})
