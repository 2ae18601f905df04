import { StarIcon } from '../../components/icons'

interface StarToggleProps {
  artist: string
  starred: boolean
  onToggle: () => void
  /** Smaller, for a timetable block. */
  compact?: boolean
}

/** The star on a set: a toggle button (pressed when starred), named by the artist. */
export function StarToggle({ artist, starred, onToggle, compact }: StarToggleProps) {
  return (
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
}
