import { type Clash, clashText } from '../../../shared/schedule/clashes'
import type { Person } from '../../../shared/schedule/schedule.schema'
import { goingText } from './people-text'

interface SetNoteProps {
  /** Friends going: people I follow who starred it, or whose shared picks I opened. */
  going: readonly Person[]
  /** Other starred sets it overlaps, when I starred it. */
  clashes: readonly Clash[]
  /** A timetable's block, a few lines tall: the words are for screen readers and a hover. */
  compact?: boolean
}

/** The first three friends' emoji, before the words saying who goes. */
const friendsEmoji = (going: readonly Person[]) =>
  going
    .slice(0, 3)
    .map((person) => person.emoji)
    .join('')

/** Under a set: who of my crew goes, and any clash with my other stars. */
export function SetNote({ going, clashes, compact = false }: SetNoteProps) {
  if (going.length === 0 && clashes.length === 0) return null
  if (compact) return <CompactSetNote going={going} clashes={clashes} />
  return (
    <div className="mt-1 space-y-0.5 text-xs">
      {going.length > 0 && (
        <p className="text-cyan-200">
          <span aria-hidden="true" className="font-emoji">
            {friendsEmoji(going)}{' '}
          </span>
          {goingText(going.map((person) => person.username))}
        </p>
      )}
      {clashes.map((clash) => (
        <p key={clash.key} className="font-medium text-amber-200">
          <span aria-hidden="true">⚠ </span>
          {clashText(clash)}
        </p>
      ))}
    </div>
  )
}

/**
 * The same in a timetable's block, where "⚠ Overlaps Echo Drift by 15 min" was cut off: the
 * friends' emoji and "⚠ Clash", the full sentences for screen readers and as the tooltip.
 */
function CompactSetNote({ going, clashes }: Omit<SetNoteProps, 'compact'>) {
  const goingWords = going.length > 0 ? goingText(going.map((person) => person.username)) : ''
  const clashWords = clashes.map((clash) => clashText(clash)).join('. ')
  return (
    <div
      className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs"
      title={[goingWords, clashWords].filter(Boolean).join('. ')}
    >
      {going.length > 0 && (
        <p className="text-cyan-200">
          <span aria-hidden="true" className="font-emoji">
            {friendsEmoji(going)}
          </span>
          <span className="sr-only">{goingWords}</span>
        </p>
      )}
      {clashes.length > 0 && (
        <p className="font-medium text-amber-200">
          <span aria-hidden="true">
            ⚠ {clashes.length === 1 ? 'Clash' : `${clashes.length} clashes`}
          </span>
          <span className="sr-only">{clashWords}</span>
        </p>
      )}
    </div>
  )
}
