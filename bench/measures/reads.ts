import { authHeader, log, type RunContext } from '../lib/context'
import {
  type CpuPerRequest,
  describeLoad,
  type LoadResult,
  type LoadSpec,
  runLoad,
  runLoadOn,
} from '../lib/load'
import { atLeast, atMost, metric, round } from '../lib/metric'
import { seededEmail } from '../lib/seed'

const FEED_PATH = '/api/vibes'

/** The first feed page under full load: every API user's token in turn, as many answers as come. */
export async function loadFeed(ctx: RunContext): Promise<MeasuredLoad> {
  return runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: ctx.plan.feedConnections,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'get', path: FEED_PATH, headers: ctx.apiUsers.map(authHeader) },
  })
}

/** Records one feed figure set; `vibes` names the table size it ran against. */
export function feedMetrics(
  ctx: RunContext,
  vibes: number,
  result: MeasuredLoad,
  withTargets: boolean,
) {
  log(`feed, ${vibes} vibes: ${describeLoad(result)}`)
  const database = ctx.db.kind
  const size = vibes.toLocaleString('en-US')
  ctx.metrics.push(
    metric({
      id: `feed.${vibes}.rps`,
      label: `First feed page, ${size} vibes, ${ctx.plan.feedConnections} connections: throughput`,
      database,
      value: round(result.rps),
      unit: 'req/s',
      ...(withTargets ? { target: atLeast(3000) } : {}),
      note: cpuNote(result),
    }),
    metric({
      id: `feed.${vibes}.p99`,
      label: `First feed page, ${size} vibes: p99 latency`,
      database,
      value: result.latency.p99,
      unit: 'ms',
      ...(withTargets ? { target: atMost(100) } : {}),
    }),
  )
}

/** The cost of the first page must not grow with the table: the two throughputs within 20 %. */
export function feedScalingMetric(ctx: RunContext, small: LoadResult, big: LoadResult) {
  ctx.metrics.push(
    metric({
      id: 'feed.scaling',
      label: `Feed throughput, ${ctx.plan.smallVibes.toLocaleString('en-US')} vs ${ctx.plan.bigVibes.toLocaleString('en-US')} vibes: difference`,
      database: ctx.db.kind,
      value: round((Math.abs(small.rps - big.rps) / big.rps) * 100),
      unit: '%',
      target: atMost(20),
    }),
  )
}

export async function measureUserCount(ctx: RunContext): Promise<void> {
  const result = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: ctx.plan.feedConnections,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'get', path: '/api/users/count', headers: ctx.apiUsers.map(authHeader) },
  })
  log(`user count: ${describeLoad(result)}`)
  ctx.metrics.push(
    metric({
      id: 'count.rps',
      label: 'User count: throughput',
      database: ctx.db.kind,
      value: round(result.rps),
      unit: 'req/s',
      target: atLeast(10_000),
      note: `p99 ${result.latency.p99} ms; ${cpuNote(result)}`,
    }),
  )
}

/** An unchanged lineup: the client sends the ETag it has and gets 304 without a body. */
export async function measureLineup(ctx: RunContext): Promise<void> {
  const first = await fetch(`${ctx.server.url}/api/lineup`)
  const etag = first.headers.get('etag')
  await first.arrayBuffer()
  if (!first.ok || !etag) throw new Error(`GET /api/lineup answered ${first.status} without ETag`)
  const result = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: ctx.plan.feedConnections,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 304,
    scenario: { kind: 'get', path: '/api/lineup', headers: [{ 'if-none-match': etag }] },
  })
  log(`lineup 304: ${describeLoad(result)}`)
  ctx.metrics.push(
    metric({
      id: 'lineup.rps',
      label: 'Lineup refresh when unchanged (If-None-Match → 304): throughput',
      database: ctx.db.kind,
      value: round(result.rps),
      unit: 'req/s',
      target: atLeast(10_000),
      note: `p99 ${result.latency.p99} ms; ${cpuNote(result)}`,
    }),
  )
}

export type MeasuredLoad = LoadResult & CpuPerRequest

/** Server CPU per request and the rate one core could serve at that cost, plus any failures. */
export function cpuNote(result: MeasuredLoad): string {
  const perCore = Math.round(1e6 / result.cpuUsPerRequest).toLocaleString('en-US')
  const us = (value: number) => `${Math.round(value)} µs/req`
  const parts = [`server CPU ${us(result.cpuUsPerRequest)} (≈ ${perCore}/s per core)`]
  if (result.databaseCpuUsPerRequest >= 1) {
    parts.push(`PostgreSQL CPU ${us(result.databaseCpuUsPerRequest)}`)
  }
  parts.push(`whole machine ${us(result.machineCpuUsPerRequest)}`)
  if (result.stolenCpuUsPerRequest >= 1) parts.push(`stolen ${us(result.stolenCpuUsPerRequest)}`)
  const cpu = parts.join(', ')
  const problems = describeProblems(result)
  return problems ? `${cpu}; ${problems}` : cpu
}

/** Unexpected statuses and socket errors, so a fast stream of failures never passes as speed. */
export function describeProblems(result: LoadResult): string | undefined {
  const parts = Object.entries(result.unexpected).map(([status, count]) => `${count}×${status}`)
  if (result.errors) parts.push(`${result.errors} socket errors`)
  if (result.timeouts) parts.push(`${result.timeouts} timeouts`)
  return parts.length ? `unexpected: ${parts.join(', ')}` : undefined
}

/**
 * The feed requested at the sign-in storm's fixed rate by the API users: what a crowd signing in
 * (by the app or the WiFi portal) must not slow down.
 */
export function feedAtStormRate(ctx: RunContext): LoadSpec {
  return {
    url: ctx.server.url,
    connections: 10,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    overallRate: ctx.plan.stormFeedRate,
    expectStatus: 200,
    scenario: { kind: 'get', path: FEED_PATH, headers: ctx.apiUsers.map(authHeader) },
  }
}

/** The seeded accounts' addresses, at most 5,000: who signs in during a storm. */
export const signInEmails = (ctx: RunContext) =>
  Array.from({ length: Math.min(ctx.seeder.seededUsers, 5000) }, (_, i) => seededEmail(i))

/**
 * A storm of sign-ins (`storm`: what each answers and how) at the sign-in connections, with the
 * feed at its fixed rate beside it. The feed's own warm-up overlaps the storm's, so both measured
 * windows coincide. Returns the storm's result and the feed's during it.
 */
export function stormBesideFeed(
  ctx: RunContext,
  storm: Pick<LoadSpec, 'expectStatus' | 'ignoreStatus' | 'scenario'>,
): Promise<[LoadResult, LoadResult]> {
  const { plan } = ctx
  return Promise.all([
    runLoad({
      url: ctx.server.url,
      connections: plan.signInConnections,
      warmupS: plan.warmupS,
      durationS: plan.durationS,
      ...storm,
    }),
    runLoad(feedAtStormRate(ctx)),
  ])
}

/** "p99 N ms", and what went wrong when anything did. */
export function p99Note(result: LoadResult): string {
  const problems = describeProblems(result)
  return `p99 ${result.latency.p99} ms${problems ? `; ${problems}` : ''}`
}

/** A storm's sign-in rate, held to the 40 per second of issue 7, with its p99. */
export function signInRateMetric(ctx: RunContext, id: string, label: string, result: LoadResult) {
  return metric({
    id,
    label,
    database: ctx.db.kind,
    value: round(result.rps),
    unit: '/s',
    target: atLeast(40),
    note: p99Note(result),
  })
}
