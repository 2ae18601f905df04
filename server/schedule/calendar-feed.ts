import ICAL from 'ical.js'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { LineupSet } from '../../shared/lineup/lineup.schema'

export interface CalendarFeedInput {
  /** "Sunwave Festival 2026". */
  festival: string
  /** The festival's IANA zone: times are written in it, with its VTIMEZONE. */
  timeZone: string
  /** The site's host, for globally unique event ids. */
  host: string
  sets: readonly LineupSet[]
  /** DTSTAMP: when this version of the feed was made (the lineup's last change). */
  stamp: number
}

// How often calendar apps should fetch the feed again (RFC 7986 REFRESH-INTERVAL, and the
// property Outlook and Google read).
const REFRESH = 'PT1H'

/**
 * My schedule as an iCalendar feed (RFC 5545): one event per starred set, at its time on the
 * festival's clock (TZID plus the zone's VTIMEZONE), the stage as its location. A set with no time
 * yet is an all-day event on its festival day.
 */
export function calendarFeed(input: CalendarFeedInput): string {
  const calendar = new ICAL.Component(['vcalendar', [], []])
  calendar.updatePropertyWithValue('prodid', '-//VibeConnect//My schedule//EN')
  calendar.updatePropertyWithValue('version', '2.0')
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN')
  calendar.updatePropertyWithValue('method', 'PUBLISH')
  calendar.updatePropertyWithValue('x-wr-calname', `My schedule · ${input.festival}`)
  calendar.updatePropertyWithValue('x-wr-timezone', input.timeZone)
  calendar.updatePropertyWithValue('x-published-ttl', REFRESH)
  calendar
    .updatePropertyWithValue('refresh-interval', ICAL.Duration.fromString(REFRESH))
    .setParameter('value', 'DURATION')
  const vtimezone = timeZoneComponent(input.timeZone)
  calendar.addSubcomponent(vtimezone)
  const zone = new ICAL.Timezone(vtimezone)
  const stamp = ICAL.Time.fromJSDate(new Date(input.stamp), true)
  for (const set of input.sets) calendar.addSubcomponent(eventOf(set, input, zone, stamp))
  return calendar.toString()
}

function eventOf(set: LineupSet, input: CalendarFeedInput, zone: ICAL.Timezone, stamp: ICAL.Time) {
  const event = new ICAL.Component('vevent')
  event.updatePropertyWithValue('uid', `${set.key}@${input.host}`)
  event.updatePropertyWithValue('dtstamp', stamp)
  if (set.start === undefined) {
    event.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(set.date))
  } else {
    const at = (instant: string) =>
      ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(zone)
    event.updatePropertyWithValue('dtstart', at(set.start)).setParameter('tzid', input.timeZone)
    if (set.end !== undefined) {
      event.updatePropertyWithValue('dtend', at(set.end)).setParameter('tzid', input.timeZone)
    }
  }
  event.updatePropertyWithValue('summary', set.name)
  event.updatePropertyWithValue('location', set.stage)
  event.updatePropertyWithValue('description', `${set.name} at ${set.stage}, ${input.festival}`)
  return event
}

/** The zone's VTIMEZONE, from the maintained IANA-derived library. */
function timeZoneComponent(timeZone: string): ICAL.Component {
  const [block] = tzlib_get_ical_block(timeZone)
  if (!block) throw new Error(`no VTIMEZONE known for ${timeZone}`)
  return new ICAL.Component(ICAL.parse(block))
}
