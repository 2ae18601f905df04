import { authHeader, log, type RunContext } from '../lib/context'
import { describeLoad, runLoadOn } from '../lib/load'
import { atLeast, metric, round } from '../lib/metric'
import { onceEach, sessionsFor } from './game'
import { cpuNote } from './reads'

/** Calendar feeds polled in the load: each a different user's secret address. */
const CALENDARS = 200
/** Sets each star-toggling user stars. */
const STARS_EACH = 5

/**
 * My schedule (issue 20): calendar apps polling unchanged feeds (If-None-Match → 304; thousands
 * of phones' calendars poll hourly, each its own address), and stars, one small write each.
 */
export async function measureSchedule(ctx: RunContext): Promise<void> {
  const { plan, server } = ctx
  const users = await sessionsFor(ctx, Math.min(CALENDARS, plan.gameUsers))
  const lineup = (await (await fetch(`${server.url}/api/lineup`)).json()) as {
    data: Array<{ key: string }>
  }
  const keys = lineup.data.map((set) => set.key)
  if (keys.length < 2 * STARS_EACH) throw new Error(`the lineup has only ${keys.length} sets`)

  // Stars: every user stars STARS_EACH sets, each request once (a new row each). The first five
  // also check the game's planner quest; once its badge is earned, a star is the write alone.
  const starsOf = (from: number) =>
    users.flatMap((user) =>
      keys.slice(from, from + STARS_EACH).map((key) => ({
        path: `/api/schedule/stars/${key}`,
        headers: authHeader(user),
        body: '',
      })),
    )
  const stars = starsOf(0)
  const starred = await runLoadOn(server, onceEach(ctx, 'PUT', stars))
  log(`first stars (the planner checked): ${describeLoad(starred)}`)
  const later = await runLoadOn(server, onceEach(ctx, 'PUT', starsOf(STARS_EACH)))
  log(`later stars: ${describeLoad(later)}`)

  // Each user's calendar address and its current ETag, then the polls.
  const feeds = await Promise.all(
    users.map(async (user) => {
      const link = await fetch(`${server.url}/api/schedule/calendar`, { headers: authHeader(user) })
      const path = new URL(((await link.json()) as { httpsUrl: string }).httpsUrl).pathname
      const feed = await fetch(`${server.url}${path}`)
      await feed.arrayBuffer()
      const etag = feed.headers.get('etag')
      if (!feed.ok || !etag) throw new Error(`the calendar feed answered ${feed.status}`)
      return { path, headers: { 'if-none-match': etag } }
    }),
  )
  const polls = await runLoadOn(server, {
    url: server.url,
    connections: plan.feedConnections,
    warmupS: plan.warmupS,
    durationS: plan.durationS,
    expectStatus: 304,
    scenario: { kind: 'gets', requests: feeds },
  })
  log(`calendar feeds, unchanged (${feeds.length} addresses): ${describeLoad(polls)}`)

  const database = ctx.db.kind
  ctx.metrics.push(
    metric({
      id: 'schedule.calendar304.rps',
      label: `Calendar feed when unchanged (If-None-Match → 304, ${feeds.length} users' addresses): throughput`,
      database,
      value: round(polls.rps),
      unit: 'req/s',
      target: atLeast(10_000),
      note: `p99 ${polls.latency.p99} ms; ${cpuNote(polls)}`,
    }),
    metric({
      id: 'schedule.star.rps',
      label: `First 5 stars of each user (PUT /api/schedule/stars/:key, the planner quest checked, ${stars.length} distinct, ${plan.signInConnections} connections): throughput`,
      database,
      value: round(starred.rps),
      unit: 'req/s',
      note: `p99 ${starred.latency.p99} ms; ${cpuNote(starred)}`,
    }),
    metric({
      id: 'schedule.laterStar.rps',
      label: `Later stars (the planner earned: the write alone, ${stars.length} distinct, ${plan.signInConnections} connections): throughput`,
      database,
      value: round(later.rps),
      unit: 'req/s',
      note: `p99 ${later.latency.p99} ms; ${cpuNote(later)}`,
    }),
  )
}
