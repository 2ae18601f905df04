import { performance } from 'node:perf_hooks'
import { type ApiUser, updateVibeStatus } from '../lib/api'
import { type RunContext, sleep } from '../lib/context'
import { quantileOf } from '../lib/histogram'
import type { LiveFleet } from '../lib/live-fleet'
import { benchStatus } from '../workers/live-protocol'

// Late arrivals still count (they show as latency); only what never comes by then is missed.
const ARRIVAL_WAIT_MS = 30_000

export interface DeliveryRun {
  rate: number
  writes: number
  writeErrors: number
  clients: number
  p50: number
  p99: number
  max: number
  /** Deliveries that never arrived: per write, clients it did not reach. */
  missed: number
  /** p99 over writes of the time until the slowest client had it. */
  toEveryClientP99: number
  dropped: number
  /** Server CPU time per write, fan-out included. */
  serverCpuMsPerWrite: number
}

let nextSeq = 0

/**
 * Writes vibes at a steady `rate` for `seconds` (open loop: a slow answer doesn't delay the next
 * write) and times each write's arrival at every live client. A write's clock starts just before
 * its PATCH is sent, so the figure includes the write itself.
 */
export async function runDelivery(
  ctx: RunContext,
  fleet: LiveFleet,
  writers: ApiUser[],
  rate: number,
  seconds: number,
): Promise<DeliveryRun> {
  const before = await fleet.stats()
  fleet.reset()
  const writes = Math.max(1, Math.round(rate * seconds))
  const firstSeq = nextSeq
  nextSeq += writes
  let writeErrors = 0
  const cpuBefore = ctx.server.cpuMs()
  const started = performance.now()
  const pending: Promise<void>[] = []
  for (let k = 0; k < writes; k++) {
    const wait = started + (k * 1000) / rate - performance.now()
    if (wait > 0) await sleep(wait)
    const user = writers[(firstSeq + k) % writers.length]!
    const status = benchStatus(firstSeq + k, Date.now())
    pending.push(
      updateVibeStatus(ctx.server.url, user, status).catch(() => {
        writeErrors += 1
      }),
    )
  }
  await Promise.all(pending)
  const stats = await waitForArrivals(fleet, firstSeq, writes, before.open)
  const serverCpuMs = ctx.server.cpuMs() - cpuBefore
  // Per write, not in total: a duplicate of one write must not hide another one's loss.
  let missed = 0
  const slowest: number[] = []
  for (let seq = firstSeq; seq < firstSeq + writes; seq++) {
    const write = stats.perWrite.get(seq)
    missed += before.open - Math.min(before.open, write?.reached ?? 0)
    if (write && write.reached >= before.open) slowest.push(write.maxMs)
  }
  return {
    rate,
    writes,
    writeErrors,
    clients: before.open,
    p50: stats.deliveries.p50,
    p99: stats.deliveries.p99,
    max: stats.deliveries.max,
    missed,
    toEveryClientP99: slowest.length === writes ? quantileOf(slowest, 0.99) : Number.NaN,
    dropped: stats.dropped - before.dropped,
    serverCpuMsPerWrite: serverCpuMs / writes,
  }
}

async function waitForArrivals(
  fleet: LiveFleet,
  firstSeq: number,
  writes: number,
  clients: number,
) {
  const deadline = performance.now() + ARRIVAL_WAIT_MS
  for (;;) {
    const stats = await fleet.stats()
    let complete = 0
    for (let seq = firstSeq; seq < firstSeq + writes; seq++) {
      if ((stats.perWrite.get(seq)?.reached ?? 0) >= clients) complete += 1
    }
    if (complete === writes || performance.now() > deadline) return stats
    await sleep(100)
  }
}

export function describeDelivery(run: DeliveryRun): string {
  return (
    `${run.rate}/s to ${run.clients} clients: p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ` +
    `missed ${run.missed}, dropped ${run.dropped}, write errors ${run.writeErrors}, ` +
    `server CPU ${run.serverCpuMsPerWrite.toFixed(1)} ms/write`
  )
}
