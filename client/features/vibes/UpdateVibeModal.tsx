import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { LoadFailureBoundary } from '../../components/LoadFailureBoundary'
import { ModalDialog } from '../../components/ModalDialog'
import { myVibeOnScreen, myVibeQuery } from './my-vibe.api'

/**
 * The form's code, with zod that checks it, loads on demand (ADR 016): MainScreen starts the download
 * once the user first touches the page, so it is usually here before the dialog is opened.
 */
export const loadUpdateVibeForm = () =>
  import('./vibe-forms').then((module) => ({ default: module.UpdateVibeForm }))

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
        <DialogTitleBar titleId={titleId} title="Update Your Vibe" onClose={onClose} />
        <LatestVibeForm userId={userId} onDone={onClose} />
      </div>
    </ModalDialog>
  )
}

/**
 * Edits my vibe as the screen shows it at once, and asks the server for the latest on every
 * opening (another tab may have changed it): a newer one replaces it in the form until I start
 * editing. Only when nothing is known yet does it say "Loading your vibe...".
 */
function LatestVibeForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const queryClient = useQueryClient()
  const [onScreen] = useState(() => myVibeOnScreen(queryClient, userId))
  const query = useQuery({ ...myVibeQuery(userId), refetchOnMount: 'always' })
  useEffect(() => {
    if (query.error) console.warn('Could not reload your vibe:', query.error)
  }, [query.error])
  // A lazy component of its own per opening: React keeps a failed download for good, and a
  // reopened dialog should try again.
  const [UpdateVibeForm] = useState(() => lazy(loadUpdateVibeForm))
  const vibe = query.data?.vibe ?? onScreen
  // Offline, the query waits (paused) instead of failing: either way, nothing new is coming.
  const stuck = query.isPaused || (query.isError && !query.isFetching)
  const retry = () => void query.refetch()

  if (!vibe && !(query.isSuccess && query.isFetchedAfterMount)) {
    return stuck ? <VibeLoadFailed onRetry={retry} /> : <LoadingVibe />
  }
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
        <RefreshNote problem={stuck ? (query.isPaused ? 'offline' : 'failed') : undefined}>
          {query.isError && !query.isPaused ? (
            <button type="button" className="font-semibold text-cyan-200 underline" onClick={retry}>
              Try again
            </button>
          ) : null}
        </RefreshNote>
        <UpdateVibeForm vibe={vibe ?? null} userId={userId} onDone={onDone} />
      </Suspense>
    </LoadFailureBoundary>
  )
}

const REFRESH_PROBLEMS = {
  offline: "You're offline: this is your vibe as it was on screen. It refreshes once you're back.",
  failed: "Couldn't check for a newer version of your vibe: this is the one on your screen.",
}

/** Says, quietly, that the form shows what was on screen because the refresh did not come. */
function RefreshNote({
  problem,
  children,
}: {
  problem: keyof typeof REFRESH_PROBLEMS | undefined
  children: ReactNode
}) {
  // Mounted throughout, so a screen reader hears the message when it appears.
  return (
    <div role="status" className={problem ? 'mb-4 text-sm text-zinc-300' : 'sr-only'}>
      {problem ? (
        <p>
          {REFRESH_PROBLEMS[problem]} {children}
        </p>
      ) : null}
    </div>
  )
}

function VibeLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4 py-10 text-zinc-200">
      <p>Couldn't load your vibe. Check your connection, then try again.</p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
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
