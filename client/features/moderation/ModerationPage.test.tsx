import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { QueueItem } from '../../../shared/safety/safety-responses.schema'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import { ModerationPage } from './ModerationPage'

const hidden: QueueItem = {
  vibe: {
    ...aVibe({ id: 'v-1', userId: 'u-1', username: 'Tout', status: 'Cheap tickets' }),
    moderation: { state: 'hidden', reason: null },
  },
  openReports: 2,
  reasons: { spam: 1, drugs: 1 },
  reports: [
    { reason: 'spam', note: 'Fake wristbands', at: '2026-07-10T12:00:00.000Z' },
    { reason: 'drugs', note: null, at: '2026-07-10T11:00:00.000Z' },
  ],
  firstReportedAt: '2026-07-10T11:00:00.000Z',
  lastReportedAt: '2026-07-10T12:00:00.000Z',
  authorSuspendedUntil: null,
}

const auditPage = {
  entries: [
    {
      id: 'a-1',
      at: '2026-07-10T12:05:00.000Z',
      action: 'vibe.hidden',
      actor: { pseudonym: 'p-0', userId: null, name: 'the server (automatic)' },
      subject: { pseudonym: 'p-1', userId: 'u-1', name: 'Tout' },
      vibeId: 'v-1',
      reason: null,
      details: { reports: 3 },
    },
  ],
  nextCursor: null,
}

function serve(item: QueueItem = hidden) {
  let queue = [item]
  return fakeServer(({ method, path }) => {
    if (path === '/api/moderation/queue') return { status: 200, body: { items: queue } }
    if (path.startsWith('/api/moderation/audit')) return { status: 200, body: auditPage }
    if (method === 'POST' && path === '/api/moderation/users/u-1/unsuspend') {
      return {
        status: 404,
        body: { code: 'suspension_not_found', message: 'This user is not suspended' },
      }
    }
    if (method === 'POST') {
      queue = []
      return { status: 200, body: {} }
    }
    return { status: 404, body: { code: 'not_found', message: 'Not found' } }
  })
}

const posts = (sent: ReturnType<typeof serve>) =>
  sent.filter((request) => request.method === 'POST')

describe('the moderation page', () => {
  it('lists the queue with each report, and restores a vibe; the queue reloads', async () => {
    const sent = serve()
    const user = userEvent.setup()
    renderWithApp(<ModerationPage roles={['moderator']} />)
    const item = await screen.findByRole('listitem', { name: 'Tout’s vibe' })
    expect(item.textContent).toContain('Hidden pending review')
    expect(item.textContent).toContain('2 open reports')
    expect(within(item).getByText('Spam or scams').parentElement?.textContent).toContain(
      '“Fake wristbands”',
    )
    expect(within(item).getByText('Selling or offering drugs')).toBeTruthy()
    // Moderators do not read the log.
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull()

    await user.click(within(item).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Tout’s vibe is in the feed')).toBeTruthy()
    expect(await screen.findByText(/Nothing to review/)).toBeTruthy()
    expect(posts(sent)).toEqual([
      { method: 'POST', path: '/api/moderation/vibes/v-1/restore', body: {} },
    ])
  })

  it('removes only with a reason, and suspends for the period chosen', async () => {
    const sent = serve()
    const user = userEvent.setup()
    renderWithApp(<ModerationPage roles={['moderator']} />)
    const item = await screen.findByRole('listitem', { name: 'Tout’s vibe' })
    // Not suspended: suspending is what applies.
    expect(within(item).queryByRole('button', { name: 'Unsuspend author' })).toBeNull()

    await user.click(within(item).getByRole('button', { name: 'Suspend author...' }))
    await user.selectOptions(within(item).getByLabelText('Suspend Tout for'), '7 days')
    await user.type(within(item).getByLabelText(/^Reason/), '  Touting again ')
    await user.click(within(item).getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByText('Tout is suspended')).toBeTruthy()
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/moderation/users/u-1/suspend',
        body: { hours: 168, reason: 'Touting again' },
      },
    ])
  })

  it('asks for a removal’s reason, and shows the server’s refusals', async () => {
    // Suspended when the queue loaded; lifted by another moderator since.
    const sent = serve({ ...hidden, authorSuspendedUntil: '2026-07-11T12:00:00.000Z' })
    const user = userEvent.setup()
    renderWithApp(<ModerationPage roles={['moderator']} />)
    const item = await screen.findByRole('listitem', { name: 'Tout’s vibe' })
    expect(item.textContent).toContain('Author suspended until')
    expect(within(item).queryByRole('button', { name: 'Suspend author...' })).toBeNull()
    await user.click(within(item).getByRole('button', { name: 'Unsuspend author' }))
    expect(await screen.findByText('This user is not suspended')).toBeTruthy()

    await user.click(within(item).getByRole('button', { name: 'Remove...' }))
    await user.click(within(item).getByRole('button', { name: 'Remove vibe' }))
    expect(await screen.findByText('Reason is required')).toBeTruthy()
    await user.type(within(item).getByLabelText('Reason (Tout sees it)'), 'Touting')
    await user.click(within(item).getByRole('button', { name: 'Remove vibe' }))
    await waitFor(() =>
      expect(posts(sent).map((request) => request.path)).toEqual([
        '/api/moderation/users/u-1/unsuspend',
        '/api/moderation/vibes/v-1/remove',
      ]),
    )
    expect(posts(sent)[1]?.body).toEqual({ reason: 'Touting' })
  })

  it('shows organisers the audit log: who, what, to whom, why', async () => {
    serve()
    renderWithApp(<ModerationPage roles={['organiser']} />)
    const log = await screen.findByRole('region', { name: 'Audit log' })
    const row = await within(log).findByRole('row', { name: /the server \(automatic\)/ })
    expect(row.textContent).toContain('hid a vibe after reports Tout')
    expect(row.textContent).toContain('reports: 3')
  })
})
