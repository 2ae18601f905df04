import { log, type RunContext } from '../lib/context'
import { describeLoad, runLoadOn } from '../lib/load'
import { metric, round } from '../lib/metric'
import { cpuNote } from './reads'

/**
 * Vibe updates as fast as they are answered: every API user updates their own vibe over and over
 * (the write path and the change bus; the game, having noted the festival day once, adds no
 * statement). No target: the figure the game must not lower (issue 19), judged by server CPU per
 * update. The first update of a day, which checks the quests, is the `game` group's.
 */
export async function measureVibeUpdates(ctx: RunContext): Promise<void> {
  const requests = ctx.apiUsers.map((user) => ({
    path: `/api/vibes/${user.vibeId}`,
    headers: {
      authorization: `Bearer ${user.session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username: user.username, emoji: '🎧', status: 'Updating my vibe' }),
  }))
  const result = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: ctx.plan.signInConnections,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'patch', requests },
  })
  log(`vibe updates: ${describeLoad(result)}`)
  ctx.metrics.push(
    metric({
      id: 'writes.vibe-update.rps',
      label: `Vibe updates (PATCH /api/vibes/:id, ${ctx.plan.signInConnections} connections): throughput`,
      database: ctx.db.kind,
      value: round(result.rps),
      unit: 'req/s',
      note: `p99 ${result.latency.p99} ms; ${cpuNote(result)}`,
    }),
  )
}
