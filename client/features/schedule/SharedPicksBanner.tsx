import { useId } from 'react'
import { toast } from '../../components/toasts/toast'
import { useFollow } from './crew.api'
import { goingText } from './people-text'
import type { OpenedPicks } from './use-shared-picks'

/**
 * A friend's share link opened the app: whose picks are marked on my lineup ("Alex goes"), with
 * Follow (their picks then stay on my lineup, on every device) and Close.
 */
export function SharedPicksBanner({ picks, onClose }: { picks: OpenedPicks; onClose: () => void }) {
  const headingId = useId()
  const follow = useFollow()
  const { owner } = picks
  const count = picks.keys.size
  const onFollow = () =>
    follow.mutate(picks.code, {
      onSuccess: () => {
        toast.success(`You follow ${owner.username}`, {
          description: 'Their picks stay on your lineup.',
        })
        onClose()
      },
      onError: (error) =>
        toast.error(`Couldn't follow ${owner.username}`, { description: error.message }),
    })
  return (
    <section aria-labelledby={headingId} className="card border-cyan-300/40">
      <h2 id={headingId} className="text-lg font-bold text-zinc-50">
        <span aria-hidden="true" className="font-emoji">
          {owner.emoji}{' '}
        </span>
        {owner.username}'s picks
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        {count === 0
          ? `${owner.username} has not starred any sets yet.`
          : `The ${count} ${count === 1 ? 'set' : 'sets'} ${owner.username} starred are marked on your lineup: “${goingText([owner.username])}”.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {picks.following ? (
          <p className="text-sm text-cyan-200">You follow {owner.username}.</p>
        ) : (
          <button
            type="button"
            className="btn-primary"
            onClick={onFollow}
            disabled={follow.isPending}
          >
            Follow {owner.username}
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  )
}
