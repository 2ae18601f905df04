import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import { VibesFeed } from './VibesFeed'

const mine = aVibe({ id: 'v-me', userId: 'me', username: 'Me' })
const pest = aVibe({ id: 'v-pest', userId: 'pest', username: 'Pesky', status: 'bzz' })

function serve(answer: { status: number; body: object }) {
  const feed = { vibes: [pest, mine], nextCursor: null }
  return fakeServer(({ method, path }) => {
    if (path.startsWith('/api/users/count')) return { status: 200, body: { count: 2 } }
    if (method === 'POST' && path === '/api/vibes/v-pest/reports') return answer
    return { status: 200, body: feed }
  })
}

const renderFeed = () =>
  renderWithApp(<VibesFeed userId="me" liveStatus="live" onUpdateVibe={() => {}} />)
const posts = (sent: ReturnType<typeof serve>) =>
  sent.filter((request) => request.method === 'POST')

async function openReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Report Pesky' }))
  return screen.findByRole('dialog', { name: 'Report Pesky’s vibe' })
}

describe('reporting from the feed', () => {
  it('asks for a reason first, then sends the reason and the note and thanks me', async () => {
    const sent = serve({ status: 201, body: { reported: true } })
    const user = userEvent.setup()
    renderFeed()
    const dialog = await openReport(user)
    expect(within(dialog).getByText('“bzz”')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText('Choose what is wrong with this vibe')).toBeTruthy()
    expect(posts(sent)).toEqual([])

    const reasons = within(dialog).getByRole('group', { name: 'What is wrong with it?' })
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6)
    await user.click(within(reasons).getByRole('radio', { name: 'Spam or scams' }))
    await user.type(
      within(dialog).getByLabelText('Anything the moderators should know? (optional)'),
      '  Selling tickets twice  ',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await screen.findByText('Thanks, your report was sent')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/vibes/v-pest/reports',
        body: { reason: 'spam', note: 'Selling tickets twice' },
      },
    ])
    // Reporting hides nothing by itself: the moderators decide.
    expect(screen.getByText('bzz')).toBeTruthy()
  })

  it('says so when I had reported the vibe already', async () => {
    serve({ status: 200, body: { reported: false } })
    const user = userEvent.setup()
    renderFeed()
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('You already reported this vibe')).toBeTruthy()
  })

  it('shows the server’s message when it refuses, and keeps the dialog open', async () => {
    serve({
      status: 404,
      body: { code: 'vibe_not_found', message: 'There is no vibe with this id' },
    })
    const user = userEvent.setup()
    renderFeed()
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Hate or slurs' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText('Could not send the report')).toBeTruthy()
    expect(within(dialog).getByText('There is no vibe with this id')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Report Pesky’s vibe' })).toBeTruthy()
  })

  it('offers no Report on my own entry, and Cancel sends nothing', async () => {
    const sent = serve({ status: 201, body: { reported: true } })
    const user = userEvent.setup()
    renderFeed()
    await screen.findByText('bzz')
    expect(screen.queryByRole('button', { name: 'Report Me' })).toBeNull()
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or scams' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts(sent)).toEqual([])
  })
})
