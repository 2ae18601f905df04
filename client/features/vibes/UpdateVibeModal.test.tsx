import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp, type SentRequest } from '../../test/render'
import { UpdateVibeModal } from './UpdateVibeModal'
import { vibesKeys } from './vibes.keys'

const mine = aVibe()

type Answer = { status: number; body: unknown }

/**
 * A server whose `/api/vibes/mine` answers `latest`, and whose PATCH answers `patched`; a
 * successful PATCH becomes what `/api/vibes/mine` answers next.
 */
function server(latest: Answer, patched: (request: SentRequest) => Answer = okPatch) {
  let current = latest
  return fakeServer((request) => {
    if (request.method !== 'PATCH') return current
    const answer = patched(request)
    if (answer.status === 200) current = answer
    return answer
  })
}
const okPatch = (request: SentRequest): Answer => ({
  status: 200,
  body: { vibe: { ...mine, ...(request.body as object), updatedAt: '2026-07-10T13:00:00.000Z' } },
})

/** Opens the dialog with `cached` as the vibe the app already holds; resolves once the form is up. */
async function openDialog(cached: Vibe | null = mine) {
  const onClose = vi.fn()
  const user = userEvent.setup()
  const view = renderWithApp(<UpdateVibeModal open onClose={onClose} userId="u1" />)
  view.queryClient.setQueryData(vibesKeys.mine('u1'), { vibe: cached })
  const dialog = within(screen.getByRole('dialog', { name: 'Update Your Vibe' }))
  await dialog.findByRole('button', { name: 'Update Vibe' })
  return { dialog, user, onClose, queryClient: view.queryClient }
}

const field = (dialog: ReturnType<typeof within>, label: string) =>
  dialog.getByLabelText(label) as HTMLInputElement

describe('UpdateVibeModal', () => {
  it('reloads my vibe on opening and fills the form with the newest one', async () => {
    const sent = server({
      status: 200,
      body: { vibe: { ...mine, status: 'Changed in another tab' } },
    })
    const { dialog } = await openDialog()
    expect(field(dialog, 'Username').value).toBe('Luna')
    expect(field(dialog, "What's your vibe right now?").value).toBe('Changed in another tab')
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/vibes/mine'])
  })

  it('sends the trimmed vibe, says so and closes', async () => {
    const sent = server({ status: 200, body: { vibe: mine } })
    const { dialog, user, onClose, queryClient } = await openDialog()
    const status = field(dialog, "What's your vibe right now?")
    await user.clear(status)
    await user.type(status, '  Dancing in the rain ')
    await user.click(dialog.getByRole('button', { name: 'Update Vibe' }))

    expect(await screen.findByText('Vibe updated! ✨')).toBeTruthy()
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(sent.filter(({ method }) => method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/vibes/v1',
        body: { username: 'Luna', emoji: '🎉', status: 'Dancing in the rain' },
      },
    ])
    // My vibe changes at once, without waiting for the live echo.
    await waitFor(() =>
      expect(queryClient.getQueryData(vibesKeys.mine('u1'))).toMatchObject({
        vibe: { status: 'Dancing in the rain' },
      }),
    )
  })

  it('refuses a blank field with the missing-info toast in the dialog, and sends nothing', async () => {
    const sent = server({ status: 200, body: { vibe: mine } })
    const { dialog, user, onClose } = await openDialog()
    await user.clear(field(dialog, 'Username'))
    await user.type(field(dialog, 'Username'), '\u200b ')
    await user.click(dialog.getByRole('button', { name: 'Update Vibe' }))

    expect(await dialog.findByText('Missing info! 📝')).toBeTruthy()
    expect(sent.filter(({ method }) => method === 'PATCH')).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it("shows the server's reason and keeps the dialog open with what was typed", async () => {
    server({ status: 200, body: { vibe: mine } }, () => ({
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Invalid input',
        details: { username: 'Username contains a broken character' },
      },
    }))
    const { dialog, user, onClose } = await openDialog()
    await user.clear(field(dialog, 'Username'))
    await user.type(field(dialog, 'Username'), 'Nova')
    await user.click(dialog.getByRole('button', { name: 'Update Vibe' }))

    expect(await dialog.findByText('Username contains a broken character')).toBeTruthy()
    expect(dialog.getByText('Oops! Something went wrong 😅')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    expect(field(dialog, 'Username').value).toBe('Nova')
    expect(dialog.getByRole('button', { name: 'Update Vibe' })).toBeTruthy()
  })

  it('closes on Cancel and on the close button without sending anything', async () => {
    const sent = server({ status: 200, body: { vibe: mine } })
    const { dialog, user, onClose } = await openDialog()
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await user.click(dialog.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(sent.filter(({ method }) => method === 'PATCH')).toEqual([])
  })

  it('edits the vibe it already holds when the reload fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server({ status: 503, body: { code: 'service_unavailable', message: 'Busy' } })
    const { dialog } = await openDialog({ ...mine, status: 'Held before' })
    expect(field(dialog, "What's your vibe right now?").value).toBe('Held before')
    expect(warn).toHaveBeenCalledWith(
      'Could not reload your vibe; editing the cached one:',
      expect.anything(),
    )
  })

  it('with no vibe to update, says the update failed and sends nothing', async () => {
    const sent = server({ status: 200, body: { vibe: null } })
    const { dialog, user } = await openDialog(null)
    await user.type(field(dialog, 'Username'), 'Luna')
    await user.type(field(dialog, "What's your vibe right now?"), 'Front row')
    await user.click(dialog.getByRole('button', { name: 'Update Vibe' }))

    expect(await dialog.findByText('Failed to update your vibe')).toBeTruthy()
    expect(sent.filter(({ method }) => method === 'PATCH')).toEqual([])
  })
})
