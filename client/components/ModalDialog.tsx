import { type ReactNode, useEffect, useRef } from 'react'
import { Toaster } from './toasts/Toaster'

/**
 * Pass as `toasterId` for a toast raised while a dialog is open. The page's own toaster sits
 * under the modal's top layer and inside the inert page, so there it would be neither seen
 * clearly nor announced.
 */
export const DIALOG_TOASTER_ID = 'dialog'

interface ModalDialogProps {
  open: boolean
  /** Called however the dialog closes: Escape, the backdrop, or the parent setting `open` false. */
  onClose: () => void
  /** The id of the element that titles the dialog. */
  labelledBy: string
  /**
   * Where the focus goes when the dialog closes, when what opened it is about to go (a blocked
   * person's vibe, with its Block button): null for the default, back to what opened it.
   */
  focusAfter?: () => HTMLElement | null
  children: ReactNode
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert (so focus stays inside),
 * moves focus in, and closes on Escape. Content mounts only while open, so each opening starts
 * fresh; focus goes back to whatever opened it.
 */
export function ModalDialog({ open, onClose, labelledBy, focusAfter, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const focusAfterRef = useRef(focusAfter)
  focusAfterRef.current = focusAfter

  // Back to what opened the dialog, or where `focusAfter` says: never to the page's start, where
  // the focus of a removed element falls.
  const returnFocus = () => {
    const opener = openerRef.current
    openerRef.current = null
    const target = focusAfterRef.current?.() ?? (opener?.isConnected ? opener : null)
    if (target && document.activeElement !== target) target.focus()
  }

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      openerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      // The page behind must not scroll under a phone user's thumb while the dialog is up.
      document.documentElement.style.overflow = 'hidden'
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  // Unmounted while open (its owner closed it by removing it, or signed out elsewhere): give the
  // page its scrolling, and the focus, back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only; returnFocus reads refs
  useEffect(
    () => () => {
      document.documentElement.style.overflow = ''
      if (openerRef.current) returnFocus()
    },
    [],
  )

  const handleClose = () => {
    document.documentElement.style.overflow = ''
    returnFocus()
    onClose()
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a pointer shortcut; keyboards have Escape
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      onClose={handleClose}
      onClick={(event) => {
        // A click on the <dialog> element outside its box is on the backdrop (inside the box it
        // could be its scrollbar).
        const dialog = event.currentTarget
        if (event.target !== dialog) return
        const box = dialog.getBoundingClientRect()
        const { clientX: x, clientY: y } = event
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close()
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl border border-white/10 bg-night-900 p-0 text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      {open ? (
        <>
          {children}
          <Toaster id={DIALOG_TOASTER_ID} />
        </>
      ) : null}
    </dialog>
  )
}
