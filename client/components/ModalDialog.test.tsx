import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ModalDialog } from './ModalDialog'

/** A page with a button that opens the dialog, as the main screen's Update Vibe does. */
function PageWithDialog() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <ModalDialog open={open} onClose={() => setOpen(false)} labelledBy="title">
        <h2 id="title">Update Your Vibe</h2>
        <p>Inside the dialog</p>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </ModalDialog>
    </>
  )
}

const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement

describe('ModalDialog', () => {
  it('opens modal, locks the page scroll, and gives focus back to its opener however it closes', async () => {
    const user = userEvent.setup()
    render(<PageWithDialog />)
    const opener = screen.getByRole('button', { name: 'Open' })

    for (const close of [
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      // Escape: the browser closes the modal itself, which reaches React as a close event.
      async () => dialog().close(),
    ]) {
      await user.click(opener)
      expect(dialog().open).toBe(true)
      expect(screen.getByRole('dialog', { name: 'Update Your Vibe' })).toBeTruthy()
      expect(document.documentElement.style.overflow).toBe('hidden')
      screen.getByRole('button', { name: 'Cancel' }).focus()

      await close()
      expect(dialog().open).toBe(false)
      expect(screen.queryByText('Inside the dialog')).toBeNull()
      expect(document.activeElement).toBe(opener)
      expect(document.documentElement.style.overflow).toBe('')
    }
  })

  it('closes on a click on the backdrop, not on one inside it or on its own scrollbar', async () => {
    const user = userEvent.setup()
    render(<PageWithDialog />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    // Where a browser would lay the box out (happy-dom lays nothing out).
    vi.spyOn(dialog(), 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 100, width: 400, height: 300 }),
    )

    // Something of the dialog's drawn outside its box, such as its toasts.
    fireEvent.click(screen.getByText('Inside the dialog'), { clientX: 20, clientY: 20 })
    expect(dialog().open).toBe(true)
    // The <dialog> itself, inside its box: its scrollbar.
    fireEvent.click(dialog(), { clientX: 495, clientY: 200 })
    expect(dialog().open).toBe(true)
    // The <dialog> itself, outside its box: the backdrop.
    fireEvent.click(dialog(), { clientX: 20, clientY: 20 })
    expect(dialog().open).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }))
  })

  it('gives the page its scrolling back when it goes away while open', async () => {
    const user = userEvent.setup()
    const view = render(<PageWithDialog />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(document.documentElement.style.overflow).toBe('hidden')
    view.unmount()
    expect(document.documentElement.style.overflow).toBe('')
  })
})
