import { compareNames } from '../text/compare-names'
import type { LineupItem } from './lineup.schema'
import { minutesBetween, type SetSpan, setSpan } from './set-span'

/** How far ahead a stage's next set is still news: a stage idle until tomorrow is left out. */
export const NEXT_SET_WINDOW_MS = 12 * 60 * 60 * 1000

/** One stage at one moment: the set on now (and its minutes left) and the next set (and when). */
export interface StageNow<Set extends LineupItem> {
  stage: string
  now?: { set: Set; minutesLeft: number }
  next?: { set: Set; minutesUntil: number }
}

/**
 * Per stage, what is playing at `now` and what starts next, for the stages with either (a next
 * set within `NEXT_SET_WINDOW_MS`), stages in alphabetical order. Instants are compared, so it
 * holds across midnight and on any device clock; showing the times is the caller's part.
 */
export function nowAndNext<Set extends LineupItem>(
  sets: readonly Set[],
  now: number,
): StageNow<Set>[] {
  const byStage = new Map<string, { set: Set; span: SetSpan }[]>()
  for (const set of sets) {
    const span = setSpan(set)
    if (!span || span.end <= now) continue
    const list = byStage.get(set.stage) ?? []
    list.push({ set, span })
    byStage.set(set.stage, list)
  }
  const stages: StageNow<Set>[] = []
  for (const [stage, upcoming] of byStage) {
    upcoming.sort((a, b) => a.span.start - b.span.start)
    // The latest started of the sets on now, should two overlap (a changeover running late).
    const playing = upcoming.filter((entry) => entry.span.start <= now).at(-1)
    const next = upcoming.find((entry) => entry.span.start > now)
    const entry: StageNow<Set> = { stage }
    if (playing) {
      entry.now = { set: playing.set, minutesLeft: minutesBetween(now, playing.span.end) }
    }
    if (next && next.span.start - now <= NEXT_SET_WINDOW_MS) {
      entry.next = { set: next.set, minutesUntil: minutesBetween(now, next.span.start) }
    }
    if (entry.now || entry.next) stages.push(entry)
  }
  return stages.sort((a, b) => compareNames(a.stage, b.stage))
}
