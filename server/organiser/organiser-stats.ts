import { type OrganiserStats, SIGN_UP_HOURS } from '../../shared/organiser/organiser-stats.schema'
import type { AppDatabase } from '../db/database'
import { organiserCounts, signUpsPerHour } from './organiser.repository'

const HOUR_MS = 3_600_000

interface StatsDeps {
  database: AppDatabase
  now: () => number
  /** People signed in on this instance's live channel (LiveHub.stats.viewers). */
  liveHere: () => number
  /** People signed in on every instance's live channel, and how many instances (LivePresence). */
  liveEverywhere: () => Promise<{ viewers: number; instances: number }>
}

/** The organiser's dashboard figures (docs/safety.md): counts, never a person. */
export async function readOrganiserStats(deps: StatsDeps): Promise<OrganiserStats> {
  const now = deps.now()
  const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS
  const from = currentHour - (SIGN_UP_HOURS - 1) * HOUR_MS
  const { db } = deps.database
  const [perHour, counts, live] = await Promise.all([
    signUpsPerHour(db, from),
    organiserCounts(db, now),
    deps.liveEverywhere(),
  ])
  const signUps = Array.from({ length: SIGN_UP_HOURS }, (_, i) => {
    const hour = from + i * HOUR_MS
    return { hour: new Date(hour).toISOString(), count: perHour.get(hour) ?? 0 }
  })
  return {
    generatedAt: new Date(now).toISOString(),
    signUpsPerHour: signUps,
    people: { accounts: counts.accounts, withVibe: counts.withVibe },
    online: {
      liveNow: live.viewers,
      liveInstances: live.instances,
      liveOnThisInstance: deps.liveHere(),
      sessionsActiveLastHour: counts.sessions,
    },
    wifi: { devicesAdmitted: counts.admitted, devicesConnectedNow: counts.connected },
    reports: { open: counts.open, handled: counts.handled, hiddenVibes: counts.hidden },
  }
}

const csvRow = (cells: readonly (string | number)[]) => cells.join(',')

/**
 * The same figures as CSV, one `metric,value` line each, then the sign-ups per hour. Every cell
 * is a fixed name, an ISO time or a number: nothing a spreadsheet could run as a formula.
 */
export function organiserStatsCsv(stats: OrganiserStats): string {
  const lines = [
    csvRow(['metric', 'value']),
    csvRow(['generated_at', stats.generatedAt]),
    csvRow(['accounts', stats.people.accounts]),
    csvRow(['people_with_a_vibe', stats.people.withVibe]),
    csvRow(['live_now', stats.online.liveNow]),
    csvRow(['live_instances', stats.online.liveInstances]),
    csvRow(['live_on_this_instance', stats.online.liveOnThisInstance]),
    csvRow(['sessions_active_last_hour', stats.online.sessionsActiveLastHour]),
    csvRow(['wifi_devices_admitted', stats.wifi.devicesAdmitted]),
    csvRow(['wifi_devices_connected_now', stats.wifi.devicesConnectedNow]),
    csvRow(['reports_open', stats.reports.open]),
    csvRow(['reports_handled', stats.reports.handled]),
    csvRow(['vibes_hidden_pending_review', stats.reports.hiddenVibes]),
    '',
    csvRow(['hour_utc', 'sign_ups']),
    ...stats.signUpsPerHour.map((hour) => csvRow([hour.hour, hour.count])),
  ]
  return `${lines.join('\r\n')}\r\n`
}
