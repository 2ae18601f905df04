import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { CloseIcon } from '../../components/icons'
import { ModalDialog } from '../../components/ModalDialog'
import { myVibeQuery } from './my-vibe.api'
import { UpdateVibeForm } from './UpdateVibeForm'

interface UpdateVibeModalProps {
  open: boolean
  onClose: () => void
  userId: string
}

/** The "Update Your Vibe" dialog. */
export function UpdateVibeModal({ open, onClose, userId }: UpdateVibeModalProps) {
  const titleId = useId()
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        {/* Title and close stay in reach while a phone scrolls the form. */}
        <div className="sticky top-0 z-10 -mx-4 mb-4 flex items-center justify-between gap-4 border-b border-white/10 bg-night-900/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 sm:py-4">
          <h2 id={titleId} className="text-xl font-bold text-white">
            Update Your Vibe
          </h2>
          <button
            type="button"
            className="btn-ghost -mr-2 px-2.5"
            aria-label="Close"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <LatestVibeForm userId={userId} onDone={onClose} />
      </div>
    </ModalDialog>
  )
}

/** Loads my latest vibe afresh on every opening (another tab may have changed it), then edits it. */
function LatestVibeForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const query = useQuery({ ...myVibeQuery(userId), refetchOnMount: 'always' })
  useEffect(() => {
    if (query.error)
      console.warn('Could not reload your vibe; editing the cached one:', query.error)
  }, [query.error])
  if (!query.isFetchedAfterMount) {
    return (
      <p role="status" className="flex items-center gap-3 py-10 text-zinc-200">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-fuchsia-400 border-t-transparent motion-reduce:animate-none"
        />
        Loading your vibe...
      </p>
    )
  }
  return <UpdateVibeForm vibe={query.data?.vibe ?? null} userId={userId} onDone={onDone} />
}
