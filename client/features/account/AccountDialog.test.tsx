import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer, renderWithApp } from '../../test/render'
import AccountDialog from './AccountDialog'

const ANN = { userId: 'ann', username: 'Ann', emoji: '🦊', blockedAt: '2026-07-10T12:00:00.000Z' }
const BOB = { userId: 'bob', username: 'Bob', emoji: '🐻', blockedAt: '2026-07-10T11:00:00.000Z' }

function renderDialog(endSessionAfter = vi.fn(async (end: () => Promise<void>) => end())) {
  renderWithApp(<AccountDialog open onClose={() => {}} endSessionAfter={endSessionAfter} />)
  return endSessionAfter
}

describe('the Account dialog', () => {
  it('lists the people I blocked and unblocks one', async () => {
    const sent = fakeServer(({ method }) =>
      method === 'DELETE'
        ? { status: 204, body: {} }
        : { status: 200, body: { blocked: [ANN, BOB] } },
    )
    const user = userEvent.setup()
    renderDialog()
    const list = await screen.findByRole('region', { name: 'Blocked people' })
    expect(await within(list).findByText('Ann')).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: 'Unblock Ann' }))
    await waitFor(() => expect(within(list).queryByText('Ann')).toBeNull())
    expect(within(list).getByText('Bob')).toBeTruthy()
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/blocks/ann' })
    expect(await screen.findByText('You unblocked Ann')).toBeTruthy()
  })

  it('says so when I blocked nobody', async () => {
    fakeServer(() => ({ status: 200, body: { blocked: [] } }))
    renderDialog()
    expect(await screen.findByText(/You haven't blocked anyone/)).toBeTruthy()
  })

  it('deletes my account only once I type my password, and ends my session after', async () => {
    const sent = fakeServer(({ method }) =>
      method === 'DELETE' ? { status: 204, body: {} } : { status: 200, body: { blocked: [] } },
    )
    const user = userEvent.setup()
    const endSessionAfter = renderDialog()
    const section = screen.getByRole('region', { name: 'Delete my account' })
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }))
    const confirm = within(section).getByRole('button', { name: 'Delete my account for good' })
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    await user.type(within(section).getByLabelText('Type your password to confirm'), 'my secret')
    await user.click(confirm)
    expect(await screen.findByText('Your account was deleted')).toBeTruthy()
    expect(endSessionAfter).toHaveBeenCalledTimes(1)
    expect(sent.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/account',
      body: { password: 'my secret' },
    })
  })

  it('keeps me signed in and says why when the password is wrong', async () => {
    fakeServer(({ method }) =>
      method === 'DELETE'
        ? {
            status: 400,
            body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
          }
        : { status: 200, body: { blocked: [] } },
    )
    const user = userEvent.setup()
    renderDialog()
    const section = screen.getByRole('region', { name: 'Delete my account' })
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }))
    // The button gives way to the password field, which takes the focus.
    expect(document.activeElement).toBe(
      within(section).getByLabelText('Type your password to confirm'),
    )
    await user.type(within(section).getByLabelText('Type your password to confirm'), 'wrong')
    await user.click(within(section).getByRole('button', { name: 'Delete my account for good' }))
    expect(await screen.findByText('Your account was not deleted')).toBeTruthy()
    // A confirmation's words, not a sign-in's; the field emptied and focused for another try.
    expect(screen.getByText("That password isn't right. Type it again.")).toBeTruthy()
    const field = within(section).getByLabelText('Type your password to confirm')
    expect((field as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(field)
    expect(screen.queryByText('Your account was deleted')).toBeNull()
  })

  it('downloads my data as the file the server names', async () => {
    fakeServer(() => ({ status: 200, body: { blocked: [] } }))
    const saved: string[] = []
    vi.stubGlobal('fetch', async (path: string) =>
      path === '/api/account/export'
        ? new Response('{"format":"vibeconnect-personal-data/1"}', {
            headers: {
              'content-type': 'application/json',
              'content-disposition': 'attachment; filename="vibeconnect-my-data-2026-07-10.json"',
            },
          })
        : new Response('{"blocked":[]}', { headers: { 'content-type': 'application/json' } }),
    )
    URL.createObjectURL = () => 'blob:my-data'
    URL.revokeObjectURL = () => {}
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`)
    })
    const user = userEvent.setup()
    renderDialog()
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(await screen.findByText('Your data is downloading')).toBeTruthy()
    expect(saved).toEqual(['vibeconnect-my-data-2026-07-10.json blob:my-data'])
  })
})
