import { randomUUID } from 'node:crypto'
import { type AppDatabase, writeTransaction } from '../db/database'
import {
  deletePresence,
  deletePresenceSeenBefore,
  othersPresence,
  upsertPresence,
} from './live-presence.repository'

interface PresenceDeps {
  database: AppDatabase
  now: () => number
  /** People signed in on this instance's live channel now (LiveHub.stats.viewers). */
  viewers: () => number
  /** How often `report` runs (the live heartbeat): a row three times older is not counted. */
  intervalMs: number
}

/** Gone instances' rows are deleted after this long (they stopped counting long before). */
const FORGET_AFTER_MS = 3_600_000

/**
 * "Online now" across instances (ADR 035, addendum): each instance writes its live viewers to
 * `live_presence` at every heartbeat, one row per instance, and the total is its own count, read
 * now, plus the other instances' last reports. One small write per instance per heartbeat, not
 * one per connect and disconnect; a report is at most one heartbeat old. A row whose instance
 * stopped without withdrawing it (a crash) stops counting after three heartbeats.
 */
export class LivePresence {
  readonly instanceId = randomUUID()

  constructor(private readonly deps: PresenceDeps) {}

  /** Writes this instance's count, and deletes long-gone instances' rows. */
  async report(): Promise<void> {
    const { database, now, viewers } = this.deps
    const row = { instance_id: this.instanceId, viewers: viewers(), seen_at: now() }
    await writeTransaction(database, async (trx) => {
      await upsertPresence(trx, row)
      await deletePresenceSeenBefore(trx, row.seen_at - FORGET_AFTER_MS)
    })
  }

  /** This instance stops: its row goes, so the others stop counting it at once. */
  async withdraw(): Promise<void> {
    await writeTransaction(this.deps.database, (trx) => deletePresence(trx, this.instanceId))
  }

  /** People on the live channel of every instance, and how many instances that is. */
  async total(): Promise<{ viewers: number; instances: number }> {
    const { database, now, viewers, intervalMs } = this.deps
    const others = await othersPresence(database, this.instanceId, now() - 3 * intervalMs)
    return { viewers: viewers() + others.viewers, instances: 1 + others.instances }
  }
}
