import { StarIcon } from '../../components/icons'
import { useWaitingForNetwork } from '../../lib/outbox'
import { starSubject } from './schedule.api'

interface StarToggleProps {
  artist: string
  starred: boolean
  onToggle: () => void
  /** Smaller, for a timetable block. */
  compact?: boolean
  /** The star's key on the server (the set's, or the star's when it is kept for a moved set). */
  starKey: string
}

/**
 * The star on a set: a toggle button (pressed when starred), named by the artist; "Waiting for
 * network" beside it while a change made offline is queued.
 */
export function StarToggle({ artist, starred, onToggle, compact, starKey }: StarToggleProps) {
  const waiting = useWaitingForNetwork(starSubject(starKey))
  const button = (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={`Star ${artist}`}
      onClick={onToggle}
      className={`grid shrink-0 place-items-center rounded-full transition hover:bg-white/10 ${
        compact ? 'size-8' : 'size-11'
      } ${starred ? 'text-amber-300' : 'text-zinc-400 hover:text-zinc-100'}`}
    >
      <StarIcon filled={starred} width={compact ? 18 : 22} height={compact ? 18 : 22} />
    </button>
  )
  if (!waiting) return button
  return (
    <span className="flex shrink-0 flex-col items-center">
      {button}
      <span
        className={
          compact
            ? 'sr-only'
            : 'w-16 text-center text-[10px] leading-tight font-semibold text-amber-300'
        }
      >
        Waiting for network
      </span>
    </span>
  )
}
