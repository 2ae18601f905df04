// A child process that runs one autocannon load and prints its summary as JSON on stdout.
// It runs apart from the orchestrator so the generator's CPU is its own process, as it would be on
// another machine; on 2 cores it still shares the machine with the server (see docs/performance.md).
import { createHash } from 'node:crypto'
import autocannon, { type Request, type Result } from 'autocannon'
import type { LoadResult, LoadSpec } from '../lib/load'

const spec = JSON.parse(await readStdin()) as LoadSpec
/** When the last answer came: a run of a fixed `amount` ends then, not at autocannon's next tick. */
let lastAnswerAt = 0
const requests = buildRequests(spec)
const warmup = spec.warmupS > 0 ? await run(spec.warmupS) : undefined
const startedAt = performance.now()
const result = await run(spec.durationS)
// autocannon notices a finished `amount` on its one-second tick: time it to the last answer.
const durationS = spec.amount ? (lastAnswerAt - startedAt) / 1000 : result.duration
const answered = (run?: Result) =>
  Object.values(run?.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0)
const expected = result.statusCodeStats[String(spec.expectStatus)]?.count ?? 0
const unexpected: Record<string, number> = {}
const ignored = new Set((spec.ignoreStatus ?? []).map(String))
for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
  if (status !== String(spec.expectStatus) && !ignored.has(status)) unexpected[status] = count
}
const summary: LoadResult = {
  rps: expected / durationS,
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
  durationS,
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
    ...(spec.amount ? { amount: spec.amount } : {}),
  })
}

function buildRequests(load: LoadSpec): Request[] {
  const scenario = load.scenario
  const json = { 'content-type': 'application/json' }
  if (scenario.kind === 'get') {
    // One prebuilt request per header set: autocannon cycles through them without rebuilding.
    return scenario.headers.map((headers) => ({ method: 'GET', path: scenario.path, headers }))
  }
  if (scenario.kind === 'gets') {
    return scenario.requests.map((request) => ({ method: 'GET', ...request }))
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
  if (scenario.kind === 'patch') {
    return scenario.requests.map((request) => ({ method: 'PATCH', ...request }))
  }
  if (scenario.kind === 'portal-signin') return portalSignIn(scenario)
  if (scenario.kind === 'each') {
    // One pool for every connection (autocannon gives each its own pass over `requests`).
    const pool = [...scenario.requests]
    return [
      {
        method: scenario.method,
        path: pool[0]!.path,
        setupRequest: (request) => {
          const next = pool.shift()
          return next ? { ...request, ...next } : undefined
        },
        onResponse: () => {
          lastAnswerAt = performance.now()
        },
      },
    ]
  }
  if (scenario.kind === 'authmon') {
    const form = new URLSearchParams({
      auth_get: 'view',
      gatewayhash: scenario.gatewayHash,
      payload: Buffer.from('none').toString('base64'),
    }).toString()
    return [
      {
        method: 'POST',
        path: `/wifi/portal/${scenario.gateway.id}/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
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

/**
 * A new phone each time: openNDS's level-1 redirect to the portal (a base64 query with a fresh
 * client token and MAC address), then the sign-in form with the state that page carries.
 */
function portalSignIn(
  scenario: Extract<LoadSpec['scenario'], { kind: 'portal-signin' }>,
): Request[] {
  let next = 0
  const form = 'application/x-www-form-urlencoded'
  return [
    {
      method: 'GET',
      setupRequest: (request, context) => {
        const n = next++
        context.email = scenario.emails[n % scenario.emails.length]
        const mac = Array.from({ length: 6 }, (_, i) =>
          ((n >> (8 * (5 - i))) & 255).toString(16).padStart(2, '0'),
        )
        mac[0] = '02'
        const fields = [
          `hid=${createHash('sha256').update(`bench-${process.pid}-${n}`).digest('hex')}`,
          `clientip=10.0.${(n >> 8) & 255}.${n & 255}`,
          `clientmac=${mac.join(':')}`,
          `gatewayname=${encodeURIComponent(scenario.gateway.name)}`,
          'gatewayaddress=10.0.0.1:2050',
          'originurl=http%3a%2f%2fexample.test%2f',
        ]
        const fas = Buffer.from(fields.join(', ')).toString('base64')
        return { ...request, path: `/wifi/portal/${scenario.gateway.id}/?fas=${fas}` }
      },
      // Each connection is one phone at a time: its page's state goes with its own form.
      onResponse: (_status, body, context) => {
        context.state = /name="state" value="([^"]+)"/.exec(body)?.[1] ?? ''
      },
    },
    {
      method: 'POST',
      path: `/wifi/portal/${scenario.gateway.id}/sign-in`,
      headers: { 'content-type': form },
      setupRequest: (request, context) => {
        const body = new URLSearchParams({
          state: String(context.state),
          email: String(context.email),
          password: scenario.password,
        }).toString()
        return { ...request, body }
      },
    },
  ]
}

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text
}
