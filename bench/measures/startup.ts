import { log, type RunContext, restartServer } from '../lib/context'
import { quantileOf } from '../lib/histogram'
import { atMost, metric, round } from '../lib/metric'

/**
 * Process start to `/readyz` 200 on the seeded database, as after a deploy or a crash: the
 * median of a few restarts. The first start (fresh file, migrations) is reported beside it.
 */
export async function measureStartup(ctx: RunContext, firstStartMs: number): Promise<void> {
  const runs: number[] = []
  for (let i = 0; i < ctx.plan.startupRuns; i++) runs.push(await restartServer(ctx))
  log(`start-up: ${runs.map((ms) => Math.round(ms)).join(', ')} ms`)
  ctx.metrics.push(
    metric({
      id: 'startup.ms',
      label: `Start-up, process start to /readyz 200 (median of ${runs.length}, seeded database)`,
      database: ctx.db.kind,
      value: round(quantileOf(runs, 0.5)),
      unit: 'ms',
      target: atMost(1500),
      note: `runs: ${runs.map((ms) => Math.round(ms)).join(', ')} ms`,
    }),
    metric({
      id: 'startup.firstMs',
      label: 'First start on an empty database (creates it and runs every migration)',
      database: ctx.db.kind,
      value: round(firstStartMs),
      unit: 'ms',
    }),
  )
}
