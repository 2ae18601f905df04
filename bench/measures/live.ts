import { type ApiUser, seededWriters } from '../lib/api'
import { log, type RunContext, sleep } from '../lib/context'
import { LiveFleet } from '../lib/live-fleet'
import { atLeast, atMost, metric, round } from '../lib/metric'
import { type DeliveryRun, describeDelivery, runDelivery } from './live-delivery'

// Long enough for the server's memory to settle after a burst of connections or requests.
const SETTLE_MS = 3000

/** Holds the live clients open on one instance, then times deliveries at rising change rates. */
export async function measureLive(ctx: RunContext): Promise<void> {
  const { plan } = ctx
  const database = ctx.db.kind
  const refreshTokens = await ctx.seeder.addSessions(plan.liveClients)
  const fleet = LiveFleet.start(plan.liveWorkers)
  try {
    const prepared = await fleet.prepare(ctx.server.url, refreshTokens)
    log(`live: ${prepared.sessions} sessions refreshed (${prepared.failed} failed)`)
    await sleep(SETTLE_MS)
    const idleKb = ctx.server.rssKb()
    const started = Date.now()
    const opened = await fleet.connect()
    log(
      `live: ${opened.ready} sockets ready in ${Date.now() - started} ms (${opened.failed} failed${opened.firstError ? `: ${opened.firstError}` : ''})`,
    )
    await sleep(SETTLE_MS)
    const held = (await fleet.stats()).open
    const perConnectionKb = (ctx.server.rssKb() - idleKb) / Math.max(1, held)
    const fileLimit = ctx.server.openFileLimit()
    ctx.metrics.push(
      metric({
        id: 'live.connections',
        label: `Authenticated live clients held open on one instance (of ${plan.liveClients} tried)`,
        database,
        value: held,
        unit: 'sockets',
        target: atLeast(plan.liveClients),
        note: `open-file limit of the server process: ${fileLimit ?? 'unlimited'}; ${opened.failed + prepared.failed} failed${opened.firstError ? ` (${opened.firstError})` : ''}`,
      }),
      metric({
        id: 'live.memoryPerConnection',
        label: 'Server memory per live connection above idle (RSS)',
        database,
        value: round(perConnectionKb),
        unit: 'KB',
        target: atMost(16),
        note: `RSS ${Math.round(idleKb / 1024)} MB idle → ${Math.round(ctx.server.rssKb() / 1024)} MB held`,
      }),
    )

    const writers = await seededWriters(
      ctx.server.url,
      await ctx.seeder.addSessions(plan.liveWriters),
    )
    const delivery = await runDelivery(ctx, fleet, writers, plan.deliveryRate, plan.deliveryS)
    log(`live delivery: ${describeDelivery(delivery)}`)
    ctx.metrics.push(...deliveryMetrics(ctx, delivery))

    const best = await searchHighestRate(ctx, fleet, writers)
    ctx.metrics.push(
      metric({
        id: 'live.maxRate',
        label: `Highest change rate with delivery p99 < 1 s to ${held} clients`,
        database,
        value: best.passed?.rate ?? 0,
        unit: 'changes/s',
        note: best.failed
          ? `next step ${best.failed.rate}/s: p99 ${best.failed.p99} ms, missed ${best.failed.missed}, dropped ${best.failed.dropped}`
          : `every step up to ${best.passed?.rate}/s passed`,
      }),
    )
  } finally {
    await fleet.close()
  }
}

function deliveryMetrics(ctx: RunContext, run: DeliveryRun) {
  const database = ctx.db.kind
  const label = `${run.rate} changes/s to ${run.clients} clients`
  return [
    metric({
      id: 'live.deliveryP99',
      label: `Live delivery, write → arrival, ${label}: p99`,
      database,
      value: run.p99,
      unit: 'ms',
      target: atMost(500),
      note: `p50 ${run.p50} ms, max ${run.max} ms; slowest client per write p99 ${run.toEveryClientP99} ms; server CPU ${run.serverCpuMsPerWrite.toFixed(1)} ms per write`,
    }),
    metric({
      id: 'live.missed',
      label: `Live deliveries missed (${run.writes} writes × ${run.clients} clients)`,
      database,
      value: run.missed + run.writeErrors * run.clients,
      unit: 'messages',
      target: atMost(0),
      note: `${run.dropped} sockets dropped, ${run.writeErrors} writes failed`,
    }),
  ]
}

async function searchHighestRate(ctx: RunContext, fleet: LiveFleet, writers: ApiUser[]) {
  let passed: DeliveryRun | undefined
  for (const rate of ctx.plan.rateSteps) {
    const run = await runDelivery(ctx, fleet, writers, rate, ctx.plan.rateStepS)
    log(`live rate step: ${describeDelivery(run)}`)
    const ok = meetsSecond(run)
    if (!ok) return { passed, failed: run }
    passed = run
    await sleep(1000)
  }
  return { passed, failed: undefined }
}

// A rate counts only if every write reached every client, 99 % of them within a second.
const meetsSecond = (run: DeliveryRun) =>
  run.p99 < 1000 && run.missed === 0 && run.dropped === 0 && run.writeErrors === 0
