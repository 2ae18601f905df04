import { log, type RunContext } from '../lib/context'
import { describeLoad, runLoad, runLoadOn } from '../lib/load'
import { atLeast, atMost, metric, round } from '../lib/metric'
import { BENCH_PASSWORD } from '../lib/seed'
import {
  cpuNote,
  describeProblems,
  feedAtStormRate,
  signInEmails,
  signInRateMetric,
  stormBesideFeed,
} from './reads'

/**
 * Password sign-ins at the production argon2id cost, with the feed served at a fixed rate beside
 * them: its p99 during the storm is compared with its p99 at the same rate without the storm.
 */
export async function measureSignInStorm(ctx: RunContext): Promise<void> {
  const { plan } = ctx
  const feed = feedAtStormRate(ctx)
  const idle = await runLoad(feed)
  log(`feed at ${plan.stormFeedRate}/s, idle: ${describeLoad(idle)}`)

  const [signIns, during] = await stormBesideFeed(ctx, {
    expectStatus: 200,
    scenario: { kind: 'signin', emails: signInEmails(ctx), password: BENCH_PASSWORD },
  })
  log(`sign-in storm: ${describeLoad(signIns)}; feed during it: ${describeLoad(during)}`)

  const database = ctx.db.kind
  ctx.metrics.push(
    signInRateMetric(
      ctx,
      'signin.rps',
      `Password sign-ins (argon2id, ${plan.signInConnections} concurrent): rate`,
      signIns,
    ),
    metric({
      id: 'signin.feedIdleP99',
      label: `Feed p99 at ${plan.stormFeedRate} req/s, no sign-ins`,
      database,
      value: idle.latency.p99,
      unit: 'ms',
    }),
    metric({
      id: 'signin.feedStormP99',
      label: `Feed p99 at ${plan.stormFeedRate} req/s during the sign-in storm`,
      database,
      value: during.latency.p99,
      unit: 'ms',
    }),
    metric({
      id: 'signin.feedP99Ratio',
      label: 'Feed p99 during the storm ÷ idle p99',
      database,
      value: round(during.latency.p99 / Math.max(1, idle.latency.p99)),
      unit: '×',
      target: atMost(2),
      note: describeProblems(during),
    }),
  )
}

/** Refresh-token grants, each answer's new token used for that client's next refresh. */
export async function measureRefresh(ctx: RunContext): Promise<void> {
  const tokens = await ctx.seeder.addSessions(ctx.plan.refreshConnections * 3)
  const result = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: ctx.plan.refreshConnections,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'refresh', tokens },
  })
  log(`token refresh: ${describeLoad(result)}`)
  ctx.metrics.push(
    metric({
      id: 'refresh.rps',
      label: `Token refresh (${ctx.plan.refreshConnections} concurrent): rate`,
      database: ctx.db.kind,
      value: round(result.rps),
      unit: '/s',
      target: atLeast(2000),
      note: `p99 ${result.latency.p99} ms; ${cpuNote(result)}`,
    }),
  )
}
