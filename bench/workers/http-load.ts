// A child process that runs one autocannon load and prints its summary as JSON on stdout.
// It runs apart from the orchestrator so the generator's CPU is its own process, as it would be on
// another machine; on 2 cores it still shares the machine with the server (see docs/performance.md).
import autocannon, { type Request, type Result } from 'autocannon'
import type { LoadResult, LoadSpec } from '../lib/load'

const spec = JSON.parse(await readStdin()) as LoadSpec
const requests = buildRequests(spec)
const warmup = spec.warmupS > 0 ? await run(spec.warmupS) : undefined
const result = await run(spec.durationS)
const answered = (run?: Result) =>
  Object.values(run?.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0)
const expected = result.statusCodeStats[String(spec.expectStatus)]?.count ?? 0
const unexpected: Record<string, number> = {}
for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
  if (status !== String(spec.expectStatus)) unexpected[status] = count
}
const summary: LoadResult = {
  rps: expected / result.duration,
  expected,
  answered: answered(result) + answered(warmup),
  unexpected,
  errors: result.errors,
  timeouts: result.timeouts,
  latency: {
    mean: result.latency.mean,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  },
  durationS: result.duration,
}
process.stdout.write(`${JSON.stringify(summary)}\n`)

function run(durationS: number) {
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: durationS,
    timeout: 30,
    requests,
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  })
}

function buildRequests(load: LoadSpec): Request[] {
  const scenario = load.scenario
  const json = { 'content-type': 'application/json' }
  if (scenario.kind === 'get') {
    // One prebuilt request per header set: autocannon cycles through them without rebuilding.
    return scenario.headers.map((headers) => ({ method: 'GET', path: scenario.path, headers }))
  }
  if (scenario.kind === 'signin') {
    let next = 0
    const body = (email: string) => JSON.stringify({ email, password: scenario.password })
    return [
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: json,
        setupRequest: (request) => {
          const email = scenario.emails[next++ % scenario.emails.length]!
          return { ...request, body: body(email) }
        },
      },
    ]
  }
  // Refresh tokens are single use: each answer's new token goes back into the pool, like a
  // client that keeps refreshing its own session.
  const pool = [...scenario.tokens]
  return [
    {
      method: 'POST',
      path: '/auth/v1/token?grant_type=refresh_token',
      headers: json,
      setupRequest: (request) => {
        const token = pool.shift()
        return token ? { ...request, body: JSON.stringify({ refresh_token: token }) } : undefined
      },
      onResponse: (status, body) => {
        if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token)
      },
    },
  ]
}

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text
}
