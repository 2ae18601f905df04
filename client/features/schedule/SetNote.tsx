import { type Clash, clashText } from '../../../shared/schedule/clashes'
import type { Person } from '../../../shared/schedule/schedule.schema'
import { goingText } from './people-text'

interface SetNoteProps {
  /** Friends going: people I follow who starred it, or whose shared picks I opened. */
  going: readonly Person[]
  /** Other starred sets it overlaps, when I starred it. */
  clashes: readonly Clash[]
  /**
   * A timetable's block, a few lines tall, where "⚠ Overlaps Echo Drift by 15 min" was cut off:
   * the friends' emoji and "⚠ Clash" on screen, the sentences for screen readers and the tooltip.
   */
  compact?: boolean
}

/** Under a set: who of my crew goes, and any clash with my other stars. */
export function SetNote({ going, clashes, compact = false }: SetNoteProps) {
  if (going.length === 0 && clashes.length === 0) return null
  const goingWords = goingText(going.map((person) => person.username))
  const clashWords = clashes.map((clash) => clashText(clash))
  // In a block the words are read, not shown; in a row they are shown.
  const words = (text: string) => (compact ? <span className="sr-only">{text}</span> : text)
  return (
    <div
      className={compact ? 'mt-0.5 flex flex-wrap gap-x-1.5 text-xs' : 'mt-1 space-y-0.5 text-xs'}
      title={compact ? [goingWords, ...clashWords].filter(Boolean).join('. ') : undefined}
    >
      {going.length > 0 && (
        <p className="text-cyan-200">
          <span aria-hidden="true" className="font-emoji">
            {going
              .slice(0, 3)
              .map((person) => person.emoji)
              .join('')}
            {compact ? '' : ' '}
          </span>
          {words(goingWords)}
        </p>
      )}
      {compact && clashes.length > 0 ? (
        <p className="font-medium text-amber-200">
          <span aria-hidden="true">
            ⚠ {clashes.length === 1 ? 'Clash' : `${clashes.length} clashes`}
          </span>
          {words(clashWords.join('. '))}
        </p>
      ) : (
        clashWords.map((text, index) => (
          <p key={clashes[index]!.key} className="font-medium text-amber-200">
            <span aria-hidden="true">⚠ </span>
            {text}
          </p>
        ))
      )}
    </div>
  )
}
