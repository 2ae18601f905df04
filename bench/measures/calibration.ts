import { spawn } from 'node:child_process'
import { log, type RunContext } from '../lib/context'
import { describeLoad, runLoad } from '../lib/load'
import { metric, round } from '../lib/metric'
import { freePort } from '../lib/server'

/**
 * The ceiling of this machine: bare Fastify (no hooks, no database) under the same autocannon
 * load. No endpoint of the app can beat it, so it shows which targets the machine allows.
 */
export async function measureCalibration(ctx: RunContext): Promise<void> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/workers/bare-server.ts', String(port)],
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
    log(`calibration, bare Fastify: ${describeLoad(result)}`)
    ctx.metrics.push(
      metric({
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
