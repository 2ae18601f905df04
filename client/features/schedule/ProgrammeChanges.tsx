import { useId } from 'react'
import type { Star } from '../../../shared/schedule/schedule.schema'
import { toast } from '../../components/toasts/toast'
import { programmeChangeLines, wasText } from './programme-change-text'
import { useChangesSeen } from './schedule.api'

/**
 * The programme changes to my starred sets since I starred them or last said "Got it": moved,
 * at another stage, cancelled. "Got it" keeps a moved set as it now is and drops a cancelled one.
 */
export function ProgrammeChanges({ stars, timeZone }: { stars: Star[]; timeZone?: string }) {
  const headingId = useId()
  const seen = useChangesSeen()
  const changed = stars.filter((star) => star.change !== null)
  if (changed.length === 0) return null
  const acknowledge = () =>
    seen.mutate(
      changed.map((star) => star.key),
      {
        onError: (error) =>
          toast.error("Couldn't save that you've seen the changes", {
            description: error.message,
          }),
      },
    )
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-amber-300/50 bg-amber-400/10 p-4"
    >
      <h3 id={headingId} className="font-semibold text-amber-100">
        Programme changes
      </h3>
      <ul className="mt-2 space-y-3">
        {changed.map((star) => (
          <li key={star.key}>
            <p className="font-semibold text-white">{star.seen.name}</p>
            {programmeChangeLines(star, timeZone).map((line) => (
              <p key={line} className="font-medium text-amber-100">
                {line}
              </p>
            ))}
            <p className="text-sm text-zinc-300">{wasText(star, timeZone)}</p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={acknowledge}
        disabled={seen.isPending}
      >
        Got it
      </button>
    </section>
  )
}
