import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay, formatSetTimes } from '../../../shared/lineup/lineup-format'
import type { Star } from '../../../shared/schedule/schedule.schema'

/** "Friday 10 July, 21:45–23:00", or the day alone without times (or without the zone yet). */
function whenText(set: LineupItem, timeZone: string | undefined): string {
  const times = timeZone ? formatSetTimes(set, timeZone) : undefined
  return times ? `${formatFestivalDay(set.date)}, ${times}` : formatFestivalDay(set.date)
}

/**
 * What a programme change to a starred set means, a line each: "Cancelled", "Moved: Saturday
 * 11 July, 21:00–22:30", "Now at Forest", "Now listed as …". None for an unchanged star.
 */
export function programmeChangeLines(star: Star, timeZone: string | undefined): string[] {
  const { seen, change } = star
  if (!change) return []
  if (change.kind === 'cancelled') return ['Cancelled']
  const now = change.now
  const lines: string[] = []
  if (now.date !== seen.date || now.start !== seen.start || now.end !== seen.end) {
    lines.push(`Moved: ${whenText(now, timeZone)}`)
  }
  if (now.stage !== seen.stage) lines.push(`Now at ${now.stage}`)
  if (now.name !== seen.name) lines.push(`Now listed as ${now.name}`)
  return lines
}

/** "Was Friday 10 July, 21:45–23:00 at Main Stage": the set as I starred it. */
export const wasText = (star: Star, timeZone: string | undefined): string =>
  `Was ${whenText(star.seen, timeZone)} at ${star.seen.stage}`
