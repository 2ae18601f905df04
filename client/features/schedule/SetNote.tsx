import { type Clash, clashText } from '../../../shared/schedule/clashes'
import type { Person } from '../../../shared/schedule/schedule.schema'
import { goingText } from './people-text'

interface SetNoteProps {
  /** Friends going: people I follow who starred it, or whose shared picks I opened. */
  going: readonly Person[]
  /** Other starred sets it overlaps, when I starred it. */
  clashes: readonly Clash[]
}

/** Under a set: who of my crew goes, and any clash with my other stars. */
export function SetNote({ going, clashes }: SetNoteProps) {
  if (going.length === 0 && clashes.length === 0) return null
  return (
    <div className="mt-1 space-y-0.5 text-xs">
      {going.length > 0 && (
        <p className="text-cyan-200">
          <span aria-hidden="true" className="font-emoji">
            {going
              .slice(0, 3)
              .map((person) => person.emoji)
              .join('')}{' '}
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
