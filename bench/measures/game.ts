import { type ApiUser, seededWriters } from '../lib/api'
import { authHeader, log, type RunContext } from '../lib/context'
import { describeLoad, type LoadSpec, runLoadOn } from '../lib/load'
import { metric, round } from '../lib/metric'
import { BENCH_STAGE_PAGES_KEY } from '../lib/server'
import { cpuNote } from './reads'

/** A new day's update checks the quests after its answer: time for the last ones to finish. */
const AFTER_ANSWER_SETTLE_MS = 1_000

/**
 * What the game itself costs (issue 19): the "Your level" card (every quest checked on each
 * read), a stage check-in (the code matched, the row stored, the quests checked), and a vibe
 * update on a festival day new for its user (the day noted, then every quest checked after the
 * answer). The steady-state update, which skips the game, is the `writes` group's figure.
 */
export async function measureGame(ctx: RunContext): Promise<void> {
  const { plan, server } = ctx
  const json = { 'content-type': 'application/json' }
  const state = await runLoadOn(server, {
    url: server.url,
    connections: plan.signInConnections,
    warmupS: plan.warmupS,
    durationS: plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'get', path: '/api/game', headers: ctx.apiUsers.map(authHeader) },
  })
  log(`game card: ${describeLoad(state)}`)

  const hoppers = await sessionsFor(ctx, plan.gameUsers)
  const codes = await stageCodes(server.url)
  // Stage by stage, user by user: racing requests are different users, as at a festival.
  const checkIns = codes.flatMap(({ code }) =>
    hoppers.map((user) => ({
      path: '/api/game/check-ins',
      headers: { ...json, ...authHeader(user) },
      body: JSON.stringify({ code }),
    })),
  )
  const checkedIn = await runLoadOn(server, onceEach(ctx, 'POST', checkIns))
  log(`stage check-ins (${codes.length} stages): ${describeLoad(checkedIn)}`)

  // Seeded vibes were never updated through the API: each user's first update is a new day.
  const updaters = await sessionsFor(ctx, plan.gameUsers)
  const updates = updaters.map((user) => ({
    path: `/api/vibes/${user.vibeId}`,
    headers: { ...json, ...authHeader(user) },
    body: JSON.stringify({ username: user.username, emoji: '🎧', status: 'A new festival day' }),
  }))
  const newDay = await runLoadOn(server, onceEach(ctx, 'PATCH', updates), AFTER_ANSWER_SETTLE_MS)
  log(`vibe updates on a new festival day: ${describeLoad(newDay)}`)

  const database = ctx.db.kind
  const connections = plan.signInConnections
  ctx.metrics.push(
    metric({
      id: 'game.state.rps',
      label: `"Your level" card (GET /api/game, every quest checked, ${connections} connections): throughput`,
      database,
      value: round(state.rps),
      unit: 'req/s',
      note: `p99 ${state.latency.p99} ms; ${cpuNote(state)}`,
    }),
    metric({
      id: 'game.checkIn.rps',
      label: `Stage check-ins (POST /api/game/check-ins, ${checkIns.length} distinct, ${connections} connections): throughput`,
      database,
      value: round(checkedIn.rps),
      unit: 'req/s',
      note: `p99 ${checkedIn.latency.p99} ms; ${cpuNote(checkedIn)}`,
    }),
    metric({
      id: 'game.newDayVibeUpdate.rps',
      label: `Vibe updates on a new festival day (quests checked after the answer, ${updates.length} users, ${connections} connections): throughput`,
      database,
      value: round(newDay.rps),
      unit: 'req/s',
      note: `p99 ${newDay.latency.p99} ms; ${cpuNote(newDay)} (CPU read ${AFTER_ANSWER_SETTLE_MS} ms after the last answer)`,
    }),
  )
}

/** A load that sends each request once (a few stay unsent: autocannon builds ahead). */
export function onceEach(
  ctx: RunContext,
  method: 'POST' | 'PATCH' | 'PUT',
  requests: Array<{ path: string; headers: Record<string, string>; body: string }>,
): LoadSpec {
  const connections = ctx.plan.signInConnections
  return {
    url: ctx.server.url,
    connections,
    warmupS: 0,
    durationS: ctx.plan.durationS,
    amount: requests.length - 2 * connections,
    expectStatus: method === 'PUT' ? 204 : 200,
    scenario: { kind: 'each', method, requests },
  }
}

/** Sessions for `count` seeded users who have none yet, through the real refresh grant. */
export async function sessionsFor(ctx: RunContext, count: number): Promise<ApiUser[]> {
  return seededWriters(ctx.server.url, await ctx.seeder.addSessions(count))
}

/** Every stage's current code, as its screen page shows it (the organiser's pages). */
async function stageCodes(baseUrl: string): Promise<Array<{ stage: string; code: string }>> {
  const key = `key=${BENCH_STAGE_PAGES_KEY}`
  const index = await (await fetch(`${baseUrl}/game/stages?${key}`)).text()
  const stages = [...index.matchAll(/<a href="[^"]*\/game\/stages\/([^"?]+)\?/g)].map((match) =>
    decodeURIComponent(match[1]!),
  )
  if (stages.length === 0) throw new Error('the stage-code pages list no stages')
  return Promise.all(
    stages.map(async (stage) => {
      const page = await fetch(`${baseUrl}/game/stages/${encodeURIComponent(stage)}?${key}`)
      const code = /<p class="code"[^>]*>([A-Z0-9]+)<\/p>/.exec(await page.text())?.[1]
      if (!code) throw new Error(`no code on the page of ${stage}`)
      return { stage, code }
    }),
  )
}
