import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { CloseIcon } from '../../components/icons'
import { LoadFailureBoundary } from '../../components/LoadFailureBoundary'
import { ModalDialog } from '../../components/ModalDialog'
import { myVibeQuery } from './my-vibe.api'

/**
 * The form's code, with zod that checks it, loads on demand (ADR 016): MainScreen starts the download
 * once the user first touches the page, so it is usually here before the dialog is opened.
 */
export const loadUpdateVibeForm = () =>
  import('./UpdateVibeForm').then((module) => ({ default: module.UpdateVibeForm }))

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
  // A lazy component of its own per opening: React keeps a failed download for good, and a
  // reopened dialog should try again.
  const [UpdateVibeForm] = useState(() => lazy(loadUpdateVibeForm))
  if (!query.isFetchedAfterMount) return <LoadingVibe />
  return (
    <LoadFailureBoundary
      what="the Update Vibe form"
      fallback={
        <p role="alert" className="py-10 text-zinc-200">
          Couldn't load the form. Check your connection, then close this and try again.
        </p>
      }
    >
      <Suspense fallback={<LoadingVibe />}>
        <UpdateVibeForm vibe={query.data?.vibe ?? null} userId={userId} onDone={onDone} />
      </Suspense>
    </LoadFailureBoundary>
  )
}

function LoadingVibe() {
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
