import { spawn } from 'node:child_process'
import { freePort } from '../../scripts/free-port.mjs'
import { loadConfig } from '../../server/config/config'
import { log, type RunContext } from '../lib/context'
import { describeLoad, runLoad } from '../lib/load'
import { metric, round } from '../lib/metric'

// The bench server runs with the default pool; the calibration server gets one as large.
const BENCH_POOL_MAX = loadConfig({}).DATABASE_POOL_MAX

/**
 * The ceiling of this machine: bare Fastify (no hooks) under the same autocannon load. No
 * endpoint of the app can beat it, so it shows which targets the machine allows. On SQLite it
 * touches no database; on PostgreSQL each request makes one `select 1` round trip, the least an
 * endpoint that must consult the database (a session check, say) can do.
 */
export async function measureCalibration(ctx: RunContext): Promise<void> {
  const port = await freePort()
  const onPostgres = ctx.db.kind === 'postgres'
  const databaseArgs = onPostgres ? [ctx.db.url, String(BENCH_POOL_MAX)] : []
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/workers/bare-server.ts', String(port), ...databaseArgs],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve())
      child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)))
    })
    const result = await runLoad({
      url: `http://127.0.0.1:${port}`,
      connections: ctx.plan.feedConnections,
      warmupS: ctx.plan.warmupS,
      durationS: ctx.plan.durationS,
      expectStatus: 200,
      scenario: { kind: 'get', path: '/count', headers: [{}] },
    })
    log(`calibration, bare Fastify${onPostgres ? ' + select 1' : ''}: ${describeLoad(result)}`)
    ctx.metrics.push(
      onPostgres
        ? metric({
            id: 'calibration.bareFastifyPostgres',
            label: `Calibration: bare Fastify + one PostgreSQL round trip (select 1) per request, ${ctx.plan.feedConnections} connections`,
            value: round(result.rps),
            unit: 'req/s',
            database: ctx.db.kind,
            note: `p99 ${result.latency.p99} ms; pool of ${BENCH_POOL_MAX}; no app code: the ceiling of an endpoint that asks the database once`,
          })
        : metric({
            id: 'calibration.bareFastify',
            label: `Calibration: bare Fastify, tiny JSON, ${ctx.plan.feedConnections} connections (the machine's ceiling)`,
            value: round(result.rps),
            unit: 'req/s',
            note: `p99 ${result.latency.p99} ms; no app code, no database`,
          }),
    )
  } finally {
    child.kill('SIGTERM')
  }
}
