import type { BenchPlan } from './config'
import { type ApiUser, createApiUser } from './lib/api'
import { log, type RunContext } from './lib/context'
import type { BenchDatabase } from './lib/databases'
import type { Metric } from './lib/metric'
import { Seeder } from './lib/seed'
import { startServer } from './lib/server'
import { measureRefresh, measureSignInStorm } from './measures/auth'
import { measureCalibration } from './measures/calibration'
import { measureGame } from './measures/game'
import { measureLighthouse } from './measures/lighthouse'
import { measureLive } from './measures/live'
import { measureOffline } from './measures/offline'
import { measureOrganiserStats } from './measures/organiser'
import {
  feedMetrics,
  feedScalingMetric,
  loadFeed,
  measureLineup,
  measureUserCount,
} from './measures/reads'
import { measureSchedule } from './measures/schedule'
import { measureSingleSignIn } from './measures/single-sign-in'
import { measureStartup } from './measures/startup'
import { measureWifi } from './measures/wifi'
import { measureVibeUpdates } from './measures/writes'

export const GROUPS = [
  'calibration',
  'bundle',
  'feed',
  'count',
  'lineup',
  'organiser',
  'signin',
  'writes',
  'game',
  'schedule',
  'refresh',
  'wifi',
  'startup',
  'lighthouse',
  'offline',
  'live',
] as const
export type Group = (typeof GROUPS)[number]

export interface DatabaseRun {
  db: BenchDatabase
  plan: BenchPlan
  groups: readonly Group[]
  nodeArgs: string[]
  metrics: Metric[]
}

/** Every server measurement on one database, from an empty file to 100,000 vibes and back. */
export async function runOnDatabase(run: DatabaseRun): Promise<void> {
  const { db, plan } = run
  const has = (group: Group) => run.groups.includes(group)
  const server = await startServer({
    databaseUrl: db.url,
    mailDir: `${db.dir}/outbox`,
    nodeArgs: run.nodeArgs,
  })
  const firstStartMs = server.startupMs
  const seeder = await Seeder.open(db.url)
  const ctx: RunContext = {
    plan,
    db,
    server,
    seeder,
    apiUsers: [],
    metrics: run.metrics,
    nodeArgs: run.nodeArgs,
  }
  try {
    ctx.apiUsers = await signUpApiUsers(server.url, plan.apiUsers)
    log(`seeding ${plan.smallVibes} vibes`)
    await seeder.addUsersWithVibes(plan.smallVibes - plan.apiUsers)
    if (has('feed') && !plan.quick) {
      // A freshly started process runs cold code: warm it up once so the first figure is fair.
      await loadFeed(ctx)
    }
    const small = has('feed') ? await loadFeed(ctx) : undefined
    if (small) feedMetrics(ctx, plan.smallVibes, small, false)

    log(`seeding up to ${plan.bigVibes} vibes`)
    const seedStart = Date.now()
    await seeder.addUsersWithVibes(plan.bigVibes - plan.smallVibes)
    log(`seeded in ${Date.now() - seedStart} ms`)
    if (small) {
      const big = await loadFeed(ctx)
      feedMetrics(ctx, plan.bigVibes, big, true)
      feedScalingMetric(ctx, small, big)
    }
    if (has('calibration')) await measureCalibration(ctx)
    if (has('count')) await measureUserCount(ctx)
    if (has('lineup')) await measureLineup(ctx)
    if (has('organiser')) await measureOrganiserStats(ctx)
    if (has('signin')) {
      await measureSingleSignIn(ctx)
      await measureSignInStorm(ctx)
    }
    if (has('writes')) await measureVibeUpdates(ctx)
    if (has('game')) await measureGame(ctx)
    if (has('schedule')) await measureSchedule(ctx)
    if (has('refresh')) await measureRefresh(ctx)
    if (has('wifi')) await measureWifi(ctx)
    // Restarts leave a fresh process for the memory and browser measurements that follow.
    if (has('startup')) await measureStartup(ctx, firstStartMs)
    if (has('lighthouse')) await measureLighthouse(ctx)
    if (has('offline')) await measureOffline(ctx)
    if (has('live')) await measureLive(ctx)
  } finally {
    await seeder.close()
    await ctx.server.stop()
    await db.drop()
  }
}

/** Real accounts through the real API: sign-up (argon2id) and a vibe each. */
async function signUpApiUsers(url: string, count: number): Promise<ApiUser[]> {
  log(`signing up ${count} users through the API`)
  return Promise.all(Array.from({ length: count }, (_, i) => createApiUser(url, `benchfan${i}`)))
}
