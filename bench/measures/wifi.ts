import { log, type RunContext } from '../lib/context'
import { describeLoad, runLoadOn } from '../lib/load'
import { metric, round } from '../lib/metric'
import { BENCH_PASSWORD } from '../lib/seed'
import { BENCH_GATEWAYS, gatewayHash } from '../lib/wifi'
import { cpuNote, describeProblems, signInEmails, signInRateMetric, stormBesideFeed } from './reads'

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
  const [signIns, during] = await stormBesideFeed(ctx, {
    // The sign-in answers 303 (to the gateway); the portal pages before it answer 200.
    expectStatus: 303,
    ignoreStatus: [200],
    scenario: {
      kind: 'portal-signin',
      gateway: portalGateway,
      emails: signInEmails(ctx),
      password: BENCH_PASSWORD,
    },
  })
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
    signInRateMetric(
      ctx,
      'wifi.portalSigninRps',
      `WiFi portal sign-ins (page, then form; argon2id, ${plan.signInConnections} concurrent): rate`,
      signIns,
    ),
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
