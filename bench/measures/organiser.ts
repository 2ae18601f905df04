import { changeRole } from '../../server/auth/user-roles'
import { openDatabase } from '../../server/db/database'
import { auditRoleChange } from '../../server/safety/audit-log'
import { authHeader, log, type RunContext } from '../lib/context'
import { runLoadOn } from '../lib/load'
import { metric, round } from '../lib/metric'
import { cpuNote } from './reads'

/**
 * The organiser's dashboard (`GET /api/organiser/stats`) over the seeded festival: a handful of
 * counts and the 48 hours' sign-ups. One organiser refreshing it is the real load; this measures
 * what one answer costs (server CPU per request), with no target.
 */
export async function measureOrganiserStats(ctx: RunContext): Promise<void> {
  const organiser = ctx.apiUsers[0]
  if (!organiser) throw new Error('no API user to make an organiser')
  // Granted as `npm run user:role` does: the server reads the role from the database.
  const database = openDatabase({ url: ctx.db.url, poolMax: 1 })
  try {
    const now = Date.now()
    const change = {
      email: organiser.session.user.email,
      role: 'organiser' as const,
      grant: true,
      now,
    }
    await changeRole(database, change, auditRoleChange('organiser', now))
  } finally {
    await database.close()
  }
  const result = await runLoadOn(ctx.server, {
    url: ctx.server.url,
    connections: 4,
    warmupS: ctx.plan.warmupS,
    durationS: ctx.plan.durationS,
    expectStatus: 200,
    scenario: { kind: 'get', path: '/api/organiser/stats', headers: [authHeader(organiser)] },
  })
  log(`organiser stats: ${result.rps} req/s`)
  ctx.metrics.push(
    metric({
      id: 'organiser.stats.cpu',
      label: `Organiser's dashboard (GET /api/organiser/stats), ${ctx.seeder.seededUsers.toLocaleString('en-US')} seeded accounts: server CPU per request`,
      database: ctx.db.kind,
      value: round(result.cpuUsPerRequest),
      unit: 'µs/req',
      note: `${round(result.rps)} req/s over 4 connections, p99 ${result.latency.p99} ms; ${cpuNote(result)}`,
    }),
  )
}
