import type { LineupItem, LineupSet } from '../../shared/lineup/lineup.schema'
import type { SetChange } from '../../shared/schedule/schedule.schema'

/** A starred set as the user last saw it. */
export interface SeenStar {
  key: string
  seen: LineupItem
}

/** Whether two versions of a set read the same to a festival-goer (day, stage, times, artist). */
export function sameSet(a: LineupItem, b: LineupItem): boolean {
  return (
    a.name === b.name &&
    a.stage === b.stage &&
    a.date === b.date &&
    a.start === b.start &&
    a.end === b.end
  )
}

/**
 * The set a star now stands for in `sets`, if it is still on: the set with its key; for a set the
 * organiser gave no id (its key is its day, stage and artist), the one set of that artist on that
 * day, or else the one set of that artist in the lineup, so a move to another stage or night is a
 * change rather than a cancellation.
 */
export function currentSetOf(
  star: SeenStar,
  byKey: ReadonlyMap<string, LineupSet>,
  sets: readonly LineupSet[],
): LineupSet | undefined {
  const same = byKey.get(star.key)
  if (same) return same
  if (star.seen.id !== undefined) return undefined
  const byArtist = sets.filter((set) => set.id === undefined && set.name === star.seen.name)
  const sameDay = byArtist.filter((set) => set.date === star.seen.date)
  if (sameDay.length === 1) return sameDay[0]
  return byArtist.length === 1 ? byArtist[0] : undefined
}

/** How a starred set changed since the user saw it: null when it did not. */
export function changeOf(star: SeenStar, now: LineupSet | undefined): SetChange | null {
  if (!now) return { kind: 'cancelled' }
  return sameSet(star.seen, now) ? null : { kind: 'changed', now }
}

/** The lineup's sets by key, for looking stars up. */
export const setsByKey = (sets: readonly LineupSet[]) => new Map(sets.map((set) => [set.key, set]))
