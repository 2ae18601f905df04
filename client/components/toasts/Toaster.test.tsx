import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from './Toaster'
import { dismissToastsExcept, toast } from './toast'
import { TOAST_EXIT_MS } from './use-leaving-toasts'

/** The page's toaster: the first one (a dialog's comes after it). */
const page = () => screen.getAllByRole('region', { name: 'Notifications alt+T' })[0]!
const shownTitles = () =>
  within(page())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent)

/** Lets the toasters hear of what was raised (they do in a task of their own) and time pass. */
const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms))

/** A page with a dialog open that has its own toaster, as ModalDialog does. */
function PageWithDialog() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <Toaster />
      {open ? (
        <div role="dialog" aria-label="Report">
          <Toaster id="dialog" />
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      ) : null}
    </>
  )
}

describe('the toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a toast in a live region that is there before it, with its close button', async () => {
    render(<Toaster />)
    const list = within(page()).getByRole('list')
    expect(list.getAttribute('aria-live')).toBe('polite')

    toast.success('Success', { description: 'Lineup updated successfully' })
    await pass()
    const item = within(list).getByRole('listitem')
    expect(item.getAttribute('data-type')).toBe('success')
    expect(item.textContent).toContain('Lineup updated successfully')

    fireEvent.click(within(item).getByRole('button', { name: 'Close toast' }))
    await pass()
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0)
  })

  it('closes after 4 s, not while a pointer is over the toasts, and then only after the time left', async () => {
    render(<Toaster />)
    toast('Vibe updated! ✨')
    await pass(3000)
    expect(shownTitles()).toEqual(['Vibe updated! ✨'])

    fireEvent.pointerEnter(screen.getByText('Vibe updated! ✨'), { pointerType: 'mouse' })
    await pass(10_000)
    expect(shownTitles()).toEqual(['Vibe updated! ✨'])

    fireEvent.pointerLeave(screen.getByText('Vibe updated! ✨'))
    await pass(900)
    expect(shownTitles()).toEqual(['Vibe updated! ✨'])
    await pass(200)
    expect(shownTitles()).toEqual([])
  })

  it('replaces a toast given the same id in place, and starts its time again', async () => {
    render(<Toaster />)
    toast.success('Success', { id: 'lineup' })
    toast('Another')
    await pass(3000)
    toast.error('Error', { id: 'lineup', description: 'Failed to fetch lineup data' })
    await pass(1500)
    expect(shownTitles()).toEqual(['Error'])
    expect(screen.getByRole('listitem').getAttribute('data-type')).toBe('error')
    await pass(2600)
    expect(shownTitles()).toEqual([])
  })

  it('keeps one without end until it is closed, and its action runs and closes it', async () => {
    const reload = vi.fn()
    render(<Toaster />)
    toast('A new version is ready —', {
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: reload },
    })
    await pass(60 * 60_000)
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledOnce()
    await pass()
    expect(shownTitles()).toEqual([])
  })

  it('shows three; a new one pushes out the oldest that times out, never one that waits to be closed', async () => {
    render(<Toaster />)
    toast('One', { duration: 4000 })
    for (const title of ['Two', 'Three']) toast(title, { duration: Number.POSITIVE_INFINITY })
    toast('Four')
    await pass()
    expect(shownTitles()).toEqual(['Two', 'Three', 'Four'])
    // Past three that wait to be closed, the oldest waits off screen.
    toast('Five', { duration: Number.POSITIVE_INFINITY })
    toast('Six', { id: 'six', duration: Number.POSITIVE_INFINITY })
    await pass()
    expect(shownTitles()).toEqual(['Three', 'Five', 'Six'])
    toast.dismiss('six')
    await pass()
    expect(shownTitles()).toEqual(['Two', 'Three', 'Five'])
  })

  it('closes all but the toasts kept (at sign-out, all but the update prompt)', async () => {
    render(<Toaster />)
    toast('A new version is ready —', { id: 'app-update', duration: Number.POSITIVE_INFINITY })
    toast.error("Your vibe update wasn't saved", { duration: Number.POSITIVE_INFINITY })
    toast.success('Badge unlocked: Crew')
    await pass()
    dismissToastsExcept(['app-update'])
    await pass()
    expect(shownTitles()).toEqual(['A new version is ready —'])
  })

  it("sends a dialog's toast to the page when that dialog is not open", async () => {
    render(<Toaster />)
    toast.error('Not sent yet', { toasterId: 'dialog' })
    await pass()
    expect(shownTitles()).toEqual(['Not sent yet'])
  })

  it("shows a dialog's toasts in the dialog's toaster only, and closes them with the dialog", async () => {
    render(<PageWithDialog />)
    toast.success('Report sent', { toasterId: 'dialog' })
    await pass()
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Report sent')).toBeTruthy()
    expect(shownTitles()).toEqual([])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    await pass()
    expect(screen.queryByText('Report sent')).toBeNull()
    expect(shownTitles()).toEqual([])
    render(<Toaster id="dialog" />)
    await pass()
    expect(screen.queryByText('Report sent')).toBeNull()
  })

  it('goes away when swiped far enough sideways, and springs back from a short drag', async () => {
    render(<Toaster />)
    toast('Checked in at The Grove')
    await pass()
    const item = screen.getByRole('listitem')
    const drag = (toX: number, pointerType = 'touch') => {
      fireEvent.pointerDown(item, { button: 0, clientX: 100, pointerId: 1, pointerType })
      fireEvent.pointerMove(item, { clientX: toX, pointerId: 1, pointerType })
      fireEvent.pointerUp(item, { clientX: toX, pointerId: 1, pointerType })
    }
    // A mouse's drag selects text; it does not throw the toast away.
    drag(300, 'mouse')
    await pass()
    expect(shownTitles()).toEqual(['Checked in at The Grove'])
    drag(130)
    await pass()
    expect(item.style.transform).toBe('')
    expect(shownTitles()).toEqual(['Checked in at The Grove'])
    drag(180)
    await pass()
    expect(shownTitles()).toEqual([])
  })

  it('lets a closed toast fade out where it was, hidden from screen readers, then takes it away', async () => {
    render(<Toaster />)
    toast('Level 2 reached', { id: 'level' })
    toast('Checked in at The Grove')
    await pass()
    toast.dismiss('level')
    await pass()
    expect(shownTitles()).toEqual(['Checked in at The Grove'])
    const items = () => [...page().querySelectorAll('li')]
    const [leaving] = items()
    expect(leaving?.textContent).toContain('Level 2 reached')
    expect(leaving?.hasAttribute('data-toast-leaving')).toBe(true)
    expect(leaving?.hasAttribute('data-toast')).toBe(false)
    expect(leaving?.getAttribute('aria-hidden')).toBe('true')
    expect(leaving?.inert).toBe(true)

    await pass(TOAST_EXIT_MS)
    expect(items().map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Checked in at The Grove',
    ])
  })

  it('brings back a toast given again while it fades out', async () => {
    render(<Toaster />)
    toast('Offline', { id: 'network' })
    await pass()
    toast.dismiss('network')
    await pass()
    toast('Offline again', { id: 'network' })
    await pass(TOAST_EXIT_MS * 2)
    expect(shownTitles()).toEqual(['Offline again'])
    expect(page().querySelectorAll('[data-toast-leaving]')).toHaveLength(0)
  })
})

describe('the toaster and the keyboard', () => {
  it('takes focus on Alt+T, holds the time while focused, and gives focus on when a toast closes', async () => {
    const user = userEvent.setup()
    render(
      <>
        <input aria-label="Username" />
        <Toaster />
      </>,
    )
    toast('Level 2 reached', { duration: 200 })
    toast('Checked in at The Grove', { duration: 200 })
    await screen.findByText('Checked in at The Grove')
    const field = screen.getByLabelText('Username')
    field.focus()

    await user.keyboard('{Alt>}t{/Alt}')
    const first = within(screen.getAllByRole('listitem')[0]!).getByRole('button', {
      name: 'Close toast',
    })
    expect(document.activeElement).toBe(first)
    // Focused, neither times out.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(shownTitles()).toEqual(['Level 2 reached', 'Checked in at The Grove'])

    await user.keyboard('{Enter}')
    await vi.waitFor(() => expect(shownTitles()).toEqual(['Checked in at The Grove']))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close toast')
    await user.keyboard('{Enter}')
    await vi.waitFor(() => expect(shownTitles()).toEqual([]))
    expect(document.activeElement).toBe(field)
  })
})
