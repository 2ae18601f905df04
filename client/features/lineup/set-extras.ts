import type { ReactNode } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'

/** Where a set is drawn: a row of a list, or a timetable's block (with less room). */
export type SetPlace = 'list' | 'timetable'

/**
 * What the app adds to each set the lineup draws (the lineup knows nothing of stars or friends):
 * `action` goes at the end of the set's row or block (the star toggle), `note` under its name
 * (who goes, a clash). Either returns null to add nothing.
 */
export interface SetExtras {
  action?: (set: LineupSet, place: SetPlace) => ReactNode
  note?: (set: LineupSet, place: SetPlace) => ReactNode
  /** Sets to stand out (my starred ones): a timetable block is outlined, not only its star. */
  marked?: (set: LineupSet) => boolean
}
