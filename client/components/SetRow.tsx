import type { ReactNode } from 'react'

interface SetRowProps {
  /** The set's times; left out, the row has no time column (null keeps an empty one). */
  times?: ReactNode
  name: string
  stage: string
  /** Under the stage: clashes, who goes. */
  note?: ReactNode
  /** At the row's end: the star. */
  action?: ReactNode
  className?: string
}

/**
 * A set in a list of sets (a lineup day, my schedule): its times in a column beside the artist
 * and the stage where the row has room, above them where it has not. A row measures itself (a
 * size container), so a long name wraps inside it and never widens the card around it.
 */
export function SetRow({ times, name, stage, note, action, className }: SetRowProps) {
  return (
    <li className={`@container flex items-start gap-3 py-2 ${className ?? ''}`}>
      {/* Below 24rem a 6.5rem time column left a phone's artist names 85 px, a word a line. */}
      <div className="flex min-w-0 flex-1 flex-col @sm:flex-row @sm:gap-3">
        {times !== undefined && (
          // An empty column keeps artists aligned beside it; above them it would be a gap.
          <span className="shrink-0 pt-0.5 text-sm font-medium tabular-nums text-cyan-200 @sm:w-[6.5rem] @max-sm:empty:hidden">
            {times}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="break-words">
            <span className="block font-medium text-zinc-50">{name}</span>
            {/* The comma is for screen readers, which would otherwise run the two together. */}
            <span className="sr-only">, </span>
            <span className="block text-sm text-zinc-300">{stage}</span>
          </p>
          {note}
        </div>
      </div>
      {action}
    </li>
  )
}
