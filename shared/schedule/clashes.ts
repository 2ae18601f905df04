import type { LineupItem } from '../lineup/lineup.schema'
import { durationText, minutesBetween, type SetSpan, setSpan } from '../lineup/set-span'

/** A set that may clash with another: its lineup key, artist and times. */
export type ClashCandidate = Pick<LineupItem, 'name' | 'start' | 'end'> & { key: string }

/** Another set overlapping this one, and by how long. */
export interface Clash {
  key: string
  name: string
  minutes: number
}

/**
 * Which of these sets (my starred ones) overlap, each with every set it overlaps. Sets are
 * compared by their instants, not their festival days or clock times, so a set running past
 * midnight clashes with the one after midnight, whatever day either is filed under. A set without
 * a start clashes with nothing; one without an end lasts the assumed length (`setSpan`).
 */
export function findClashes(sets: readonly ClashCandidate[]): Map<string, Clash[]> {
  const timed = sets
    .map((set) => ({ set, span: setSpan(set) }))
    .filter((entry): entry is { set: ClashCandidate; span: SetSpan } => entry.span !== undefined)
    .sort((a, b) => a.span.start - b.span.start)
  const clashes = new Map<string, Clash[]>()
  const add = (set: ClashCandidate, other: ClashCandidate, minutes: number) => {
    const list = clashes.get(set.key) ?? []
    list.push({ key: other.key, name: other.name, minutes })
    clashes.set(set.key, list)
  }
  // Sorted by start, so the sets overlapping the i-th are the ones after it starting before its end.
  for (let i = 0; i < timed.length; i++) {
    const first = timed[i]!
    for (let j = i + 1; j < timed.length; j++) {
      const second = timed[j]!
      if (second.span.start >= first.span.end) break
      const overlapEnd = Math.min(first.span.end, second.span.end)
      const minutes = minutesBetween(second.span.start, overlapEnd)
      add(first.set, second.set, minutes)
      add(second.set, first.set, minutes)
    }
  }
  return clashes
}

/** "Overlaps Nightjar by 30 min". */
export const clashText = (clash: Clash): string =>
  `Overlaps ${clash.name} by ${durationText(clash.minutes)}`
