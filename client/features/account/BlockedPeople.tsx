import { DIALOG_TOASTER_ID } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { useBlockedPeople, useUnblock } from './account.api'

/** The people I blocked, each with Unblock. */
export function BlockedPeople({ headingId }: { headingId: string }) {
  const blocked = useBlockedPeople()
  const unblock = useUnblock()
  const people = blocked.data?.blocked
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold text-white">
        Blocked people
      </h3>
      {blocked.isPending ? (
        <p role="status" className="mt-2 text-sm text-zinc-300">
          Loading...
        </p>
      ) : blocked.isError ? (
        <p role="alert" className="mt-2 text-sm text-zinc-300">
          Couldn't load the people you blocked.{' '}
          <button
            type="button"
            className="font-semibold text-cyan-200 underline"
            onClick={() => void blocked.refetch()}
          >
            Try again
          </button>
        </p>
      ) : people?.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-300">
          You haven't blocked anyone. Block someone from their entry in the feed.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {people?.map((person) => (
            <li
              key={person.userId}
              className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-2"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-night-800 font-emoji text-xl">
                {person.emoji}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold text-white">
                {person.username}
              </span>
              <button
                type="button"
                className="btn-secondary min-h-9 px-3 py-1 text-sm"
                aria-label={`Unblock ${person.username}`}
                disabled={unblock.isPending && unblock.variables === person.userId}
                onClick={() =>
                  unblock.mutate(person.userId, {
                    onSuccess: () =>
                      toast.success(`You unblocked ${person.username}`, {
                        toasterId: DIALOG_TOASTER_ID,
                      }),
                    onError: (error) =>
                      toast.error('Could not unblock them', {
                        description: error.message,
                        toasterId: DIALOG_TOASTER_ID,
                      }),
                  })
                }
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
