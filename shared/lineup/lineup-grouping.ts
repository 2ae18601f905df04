import { compareNames } from '../text/compare-names'
import type { LineupItem } from './lineup.schema'

export interface FestivalDayGroup<Set extends LineupItem = LineupItem> {
  date: string
  sets: Set[]
}

export interface StageGroup {
  stage: string
  artists: string[]
}

// Code-unit order, not a locale's collation: the stored order (and so the ETag) must not
// change with the ICU version of the machine that imports.
const byCodeUnits = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1)

/**
 * The lineup's one order: by festival day, then by start time (sets without a time last),
 * then by stage and artist, so equal content always reads, stores and hashes the same.
 */
export function compareSets(a: LineupItem, b: LineupItem): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.start !== b.start) {
    if (a.start === undefined) return 1
    if (b.start === undefined) return -1
    return Date.parse(a.start) - Date.parse(b.start)
  }
  return (
    byCodeUnits(a.stage, b.stage) ||
    byCodeUnits(a.name, b.name) ||
    byCodeUnits(a.end ?? '', b.end ?? '')
  )
}

/** A sorted copy of the lineup (see `compareSets`). */
export function sortLineup<Set extends LineupItem>(items: readonly Set[]): Set[] {
  return [...items].sort(compareSets)
}

/** One group per festival day, days in order, each day's sets in set-time order. */
export function groupByDate<Set extends LineupItem>(
  items: readonly Set[],
): FestivalDayGroup<Set>[] {
  const groups: FestivalDayGroup<Set>[] = []
  for (const item of sortLineup(items)) {
    const last = groups.at(-1)
    if (last?.date === item.date) last.sets.push(item)
    else groups.push({ date: item.date, sets: [item] })
  }
  return groups
}

/** One group per stage, stages alphabetical, each with its artists once, in set-time order. */
export function groupByStage(items: readonly LineupItem[]): StageGroup[] {
  const stages = new Map<string, Set<string>>()
  for (const item of sortLineup(items)) {
    const artists = stages.get(item.stage) ?? new Set<string>()
    artists.add(item.name)
    stages.set(item.stage, artists)
  }
  return [...stages]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([stage, artists]) => ({ stage, artists: [...artists] }))
}

/** The festival days that have sets, in order. */
export function festivalDates(items: readonly LineupItem[]): string[] {
  return [...new Set(items.map((item) => item.date))].sort()
}
