import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import type { Crew, Schedule, Star } from '../../../shared/schedule/schedule.schema'
import type { SentRequest } from '../../test/render'

// Saturday night in Amsterdam (UTC+2): Selene Ray 23:30–01:30 and Deep Lagoon 01:00–02:30 overlap
// by half an hour across midnight; Vanta plays before both.
export const vanta: LineupSet = {
  key: 'h.vanta',
  name: 'Vanta',
  stage: 'Moonlight Tent',
  date: '2026-07-11',
  start: '2026-07-11T19:30:00Z',
  end: '2026-07-11T21:00:00Z',
}
export const seleneRay: LineupSet = {
  key: 'h.selene',
  name: 'Selene Ray',
  stage: 'Harbour Club',
  date: '2026-07-11',
  start: '2026-07-11T21:30:00Z',
  end: '2026-07-11T23:30:00Z',
}
export const deepLagoon: LineupSet = {
  key: 'h.lagoon',
  name: 'Deep Lagoon',
  stage: 'Moonlight Tent',
  date: '2026-07-11',
  start: '2026-07-11T23:00:00Z',
  end: '2026-07-12T00:30:00Z',
}
export const lineupSets = [vanta, seleneRay, deepLagoon]

export const starOf = (set: LineupSet, change: Star['change'] = null): Star => ({
  key: set.key,
  starredAt: '2026-07-01T10:00:00.000Z',
  seen: set,
  change,
})

export const scheduleWith = (...stars: Star[]): Schedule => ({
  stars,
  reminders: { minutesBefore: null, changes: false },
})

export const noCrew: Crew = { following: [], picks: {} }

type Answer = { status: number; body: unknown }

/**
 * A stand-in server for the companion's calls: the lineup, my schedule, my crew and whatever
 * `more` answers (by "METHOD /path"); anything else is a 404 that fails the test loudly.
 */
export function companionServer(
  state: { schedule: Schedule; crew?: Crew },
  more: Record<string, (request: SentRequest) => Answer | Promise<Answer>> = {},
) {
  return (request: SentRequest): Answer | Promise<Answer> => {
    const route = `${request.method} ${request.path}`
    const handler = more[route]
    if (handler) return handler(request)
    if (route === 'GET /api/lineup') {
      return {
        status: 200,
        body: { success: true, lastUpdated: '2026-07-01T10:00:00.000Z', data: lineupSets },
      }
    }
    if (route === 'GET /api/schedule') return { status: 200, body: state.schedule }
    if (route === 'GET /api/schedule/crew') return { status: 200, body: state.crew ?? noCrew }
    if (/^(PUT|DELETE) \/api\/schedule\/stars\//.test(route)) return { status: 204, body: {} }
    throw new Error(`the test's server has no answer for ${route}`)
  }
}
