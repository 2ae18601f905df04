import type { LineupSet } from '../../shared/lineup/lineup.schema'
import { formatFestivalDay, formatMoment, formatSetTimes } from '../../shared/lineup/lineup-format'
import type { PushPayload } from '../../shared/reminders/push.schema'
import type { SetChange } from '../../shared/schedule/schedule.schema'

// What a push says. It carries the set as the lineup shows it to everyone (artist, stage, time)
// and a link into the app, and nothing about the person it is for (docs/reminders.md).

/** Where a tap on the notification leads: the app, at the set. */
const setUrl = (key: string) => `/?set=${encodeURIComponent(key)}`

/** "Nightjar starts in 10 min" (on the festival's clock, stage in the body). */
export function startsSoonMessage(set: LineupSet, now: number, timeZone: string): PushPayload {
  const minutes = Math.max(1, Math.ceil((Date.parse(set.start!) - now) / 60_000))
  return {
    title: `${set.name} starts in ${minutes} min`,
    body: `${set.stage} · ${formatSetTimes(set, timeZone)}`,
    url: setUrl(set.key),
    tag: `set:${set.key}`,
  }
}

/** "Nightjar moved: now Fri 14 Aug, 23:00 at Forest", or "Nightjar is cancelled". */
export function changeMessage(seen: LineupSet, change: SetChange, timeZone: string): PushPayload {
  if (change.kind === 'cancelled') {
    return {
      title: `${seen.name} is cancelled`,
      body: `It was on ${where(seen, timeZone)}.`,
      url: setUrl(seen.key),
      tag: `set:${seen.key}`,
    }
  }
  const { now } = change
  const moved = now.stage !== seen.stage ? 'changed stage' : 'moved'
  return {
    title: `${now.name} ${moved}`,
    body: `Now ${where(now, timeZone)} (was ${where(seen, timeZone)}).`,
    url: setUrl(now.key),
    tag: `set:${now.key}`,
  }
}

function where(set: LineupSet, timeZone: string): string {
  const when = set.start ? formatMoment(set.start, timeZone) : formatFestivalDay(set.date)
  return `${when} at ${set.stage}`
}
