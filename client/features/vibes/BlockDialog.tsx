import { useId, useRef } from 'react'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { CancelOrConfirm } from '../../components/CancelOrConfirm'
import { DIALOG_TOASTER_ID, ModalDialog } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { useBlockPerson } from './block-person.api'

interface BlockDialogProps {
  /** The vibe whose author is to be blocked; null while the dialog is closed. */
  vibe: Vibe | null
  onClose: () => void
  /** Where the focus goes once they are blocked: their vibe, with its Block button, goes. */
  focusAfter?: () => HTMLElement | null
}

/** "Block Luna?": says what a block does, and does it on confirmation. */
export function BlockDialog({ vibe, onClose, focusAfter }: BlockDialogProps) {
  const titleId = useId()
  const block = useBlockPerson()
  // Cancelled, the focus goes back to the Block button; blocked, to `focusAfter`: read once, as
  // the dialog closes.
  const blocked = useRef(false)
  const focusOnClose = () => {
    const done = blocked.current
    blocked.current = false
    return done ? (focusAfter?.() ?? null) : null
  }
  const confirm = () => {
    if (!vibe) return
    block.mutate(vibe, {
      onSuccess: () => {
        blocked.current = true
        toast.success(`You blocked ${vibe.username}`, {
          description: 'You can unblock them in Account, at the top of the page.',
        })
        onClose()
      },
      onError: (error) =>
        toast.error('Could not block them', {
          description: error.message,
          toasterId: DIALOG_TOASTER_ID,
        }),
    })
  }
  return (
    <ModalDialog
      open={vibe !== null}
      onClose={onClose}
      labelledBy={titleId}
      focusAfter={focusOnClose}
    >
      {vibe ? (
        <div className="p-4 sm:p-6">
          <h2 id={titleId} className="text-xl font-bold break-words text-white">
            Block {vibe.username}?
          </h2>
          <p className="mt-3 text-zinc-200">
            Neither of you will see the other's vibe or shared picks any more, and follows between
            you end. They are not told. You can unblock them later in Account.
          </p>
          <CancelOrConfirm
            className="mt-6"
            onCancel={onClose}
            onConfirm={confirm}
            busy={block.isPending}
          >
            {block.isPending ? 'Blocking...' : `Block ${vibe.username}`}
          </CancelOrConfirm>
        </div>
      ) : null}
    </ModalDialog>
  )
}
