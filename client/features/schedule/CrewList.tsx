import { useId } from 'react'
import { toast } from '../../components/toasts/toast'
import { useCrew, useUnfollow } from './crew.api'

/** The people I follow (their picks show on my lineup), each with Unfollow. */
export function CrewList() {
  const headingId = useId()
  const crew = useCrew()
  const unfollow = useUnfollow()
  const following = crew.data?.following ?? []
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-white/10 pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        People you follow
      </h3>
      {following.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-300">
          {crew.isPending
            ? 'Loading...'
            : "Nobody yet. Open a friend's share link to follow them: their picks then show on your lineup."}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-white/10">
          {following.map((person) => (
            <li key={person.userId} className="flex items-center gap-3 py-2">
              <span aria-hidden="true" className="font-emoji text-xl">
                {person.emoji}
              </span>
              <span className="min-w-0 flex-1 truncate font-medium text-zinc-50">
                {person.username}
              </span>
              <button
                type="button"
                className="btn-ghost"
                aria-label={`Unfollow ${person.username}`}
                disabled={unfollow.isPending && unfollow.variables === person.userId}
                onClick={() =>
                  unfollow.mutate(person.userId, {
                    onError: (error) =>
                      toast.error("Couldn't unfollow", { description: error.message }),
                  })
                }
              >
                Unfollow
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
