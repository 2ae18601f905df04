import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import type { Schedule, Star } from '../../../shared/schedule/schedule.schema'

/** The set a star stands for now: as changed, as seen, or none once cancelled. */
export function currentSetOf(star: Star): LineupSet | undefined {
  if (star.change?.kind === 'cancelled') return undefined
  return star.change?.kind === 'changed' ? star.change.now : star.seen
}

/**
 * The star behind each set of the lineup: lineup key → star key. A set moved without an id of
 * its own has a new key in the lineup, while my star keeps the old one until I have seen the
 * change; both find it.
 */
export function starKeysBySet(stars: readonly Star[]): Map<string, string> {
  const keys = new Map<string, string>()
  for (const star of stars) {
    const set = currentSetOf(star)
    if (set) keys.set(set.key, star.key)
  }
  return keys
}

/** A change of one star, as the optimistic update and its undo apply it to my schedule. */
export type StarChange = { star: true; set: LineupSet } | { star: false; key: string }

/** My schedule with `change` applied (starring a starred set, or unstarring none, is no change). */
export function applyStarChange(schedule: Schedule, change: StarChange, now: Date): Schedule {
  if (!change.star) {
    return { ...schedule, stars: schedule.stars.filter((star) => star.key !== change.key) }
  }
  if (starKeysBySet(schedule.stars).has(change.set.key)) return schedule
  const star: Star = {
    key: change.set.key,
    starredAt: now.toISOString(),
    seen: change.set,
    change: null,
  }
  return { ...schedule, stars: [...schedule.stars, star] }
}
