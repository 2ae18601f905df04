import { authHeader, log, type RunContext } from '../lib/context'
import { describeLoad, type LoadSpec, runLoad, runLoadOn } from '../lib/load'
import { atLeast, metric, round } from '../lib/metric'
import { BENCH_PASSWORD, seededEmail } from '../lib/seed'
import { BENCH_GATEWAYS, gatewayHash } from '../lib/wifi'
import { cpuNote, describeProblems } from './reads'

const [portalGateway, pollingGateway] = BENCH_GATEWAYS
// A festival's gateways, each authmon polling every 10 s (openNDS 9.10's fixed interval).
const GATEWAYS = 50
const POLL_INTERVAL_S = 10

/**
 * The WiFi portal: phones signing in through it (openNDS's redirect, then the form; argon2id
 * bound) with the feed served beside them, and what the gateways' authmon polls cost.
 */
export async function measureWifi(ctx: RunContext): Promise<void> {
  const { plan } = ctx
  const emails = Array.from({ length: Math.min(ctx.seeder.seededUsers, 5000) }, (_, i) =>
    seededEmail(i),
  )
  const feed: LoadSpec = {
    url: ctx.server.url,
    connections: 10,
    warmupS: plan.warmupS,
    durationS: plan.durationS,
    overallRate: plan.stormFeedRate,
    expectStatus: 200,
    scenario: { kind: 'get', path: '/api/vibes', headers: ctx.apiUsers.map(authHeader) },
  }
  const [signIns, during] = await Promise.all([
    runLoad({
      url: ctx.server.url,
      connections: plan.signInConnections,
      warmupS: plan.warmupS,
      durationS: plan.durationS,
      // The sign-in answers 303 (to the gateway); the portal pages before it answer 200.
      expectStatus: 303,
      ignoreStatus: [200],
      scenario: {
        kind: 'portal-signin',
        gateway: portalGateway,
        emails,
        password: BENCH_PASSWORD,
      },
    }),
    runLoad(feed),
  ])
  log(`portal sign-ins: ${describeLoad(signIns)}; feed during them: ${describeLoad(during)}`)

  const polls = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: 10,
    warmupS: plan.warmupS,
    durationS: plan.durationS,
    expectStatus: 200,
    scenario: {
      kind: 'authmon',
      gateway: pollingGateway,
      gatewayHash: gatewayHash(pollingGateway.name),
    },
  })
  log(`authmon polls: ${describeLoad(polls)}`)
  const pollsPerSecond = GATEWAYS / POLL_INTERVAL_S
  const cpuMsPerSecond = (polls.cpuUsPerRequest * pollsPerSecond) / 1000

  const database = ctx.db.kind
  ctx.metrics.push(
    metric({
      id: 'wifi.portalSigninRps',
      label: `WiFi portal sign-ins (page, then form; argon2id, ${plan.signInConnections} concurrent): rate`,
      database,
      value: round(signIns.rps),
      unit: '/s',
      target: atLeast(40),
      note: `p99 ${signIns.latency.p99} ms${describeProblems(signIns) ? `; ${describeProblems(signIns)}` : ''}`,
    }),
    metric({
      id: 'wifi.feedP99DuringPortal',
      label: `Feed p99 at ${plan.stormFeedRate} req/s during the portal sign-ins`,
      database,
      value: during.latency.p99,
      unit: 'ms',
      note: describeProblems(during),
    }),
    metric({
      id: 'wifi.authmonCpu',
      label: `authmon polls of ${GATEWAYS} gateways every ${POLL_INTERVAL_S} s: server CPU`,
      database,
      value: round(cpuMsPerSecond),
      unit: 'ms/s',
      note: `${round(polls.cpuUsPerRequest)} µs per poll (${cpuNote(polls)}); ${Math.round(polls.rps)} polls/s at full speed`,
    }),
  )
}
