import type { FastifyInstance } from 'fastify'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import { seedDemoLineup } from './demo-lineup'
import { lineupRoutes } from './lineup.routes'
import { createLineupPoller } from './lineup-poller'

/**
 * The lineup service: its route, the demo lineup (`DEMO_LINEUP`) on a fresh install, and the upstream poller
 * when `LINEUP_URL` is set (then the demo is not seeded: the organiser's lineup is on its way).
 */
export async function lineupPlugin(app: FastifyInstance): Promise<void> {
  const { config, database, now, lineup } = app.ctx
  const clock: FestivalClock = {
    timeZone: config.FESTIVAL_TIME_ZONE,
    dayChangeHour: config.FESTIVAL_DAY_CHANGE_HOUR,
  }
  await app.register(lineupRoutes, { lineup })
  if (!config.LINEUP_URL) {
    await seedDemoLineup(database, clock, now(), app.log, config.DEMO_LINEUP)
    return
  }
  const poller = createLineupPoller({
    url: config.LINEUP_URL,
    intervalMs: config.LINEUP_POLL_INTERVAL_S * 1000,
    timeoutMs: config.LINEUP_FETCH_TIMEOUT_MS,
    database,
    clock,
    now,
    log: app.log.child({ component: 'lineup-poller' }),
    onChanged: () => lineup.changed(),
  })
  app.addHook('onReady', async () => poller.start())
  // preClose runs before the database is closed, so no poll writes to a closed database.
  app.addHook('preClose', async () => poller.stop())
}
