import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { LineupSet } from '../../shared/lineup/lineup.schema'
import { REMINDER_MINUTES, type SetChange } from '../../shared/schedule/schedule.schema'
import type { LineupSnapshot } from '../lineup/lineup-snapshot'
import { changeMessage, startsSoonMessage } from './push-messages'
import type { Reminder, RemindersService } from './reminders.service'

/** What the scheduler reads of my schedule (the schedule feature's service). */
export interface ScheduleSource {
  remindersFor(
    keys: readonly string[],
  ): Promise<Array<{ userId: string; key: string; minutesBefore: number }>>
  unseenChangesOfWatchers(): Promise<
    Array<{ userId: string; key: string; seen: LineupSet; change: SetChange }>
  >
}

export interface SchedulerDeps {
  reminders: RemindersService
  schedule: ScheduleSource
  lineup: { current(): Promise<LineupSnapshot | undefined> }
  timeZone: string
  now: () => number
  log: FastifyBaseLogger
}

const LONGEST_REMINDER_MS = Math.max(...REMINDER_MINUTES) * 60_000
// A change notice for a browser that is offline is kept this long by its push service.
const CHANGE_TTL_S = 6 * 3600

/**
 * This instance's reminders: every tick, "starts in N min" for starred sets whose reminder time
 * has come; on every lineup change, what changed in starred sets. Each (user, set, kind) is
 * claimed in the database before it is sent, so the instances share the work without sending
 * anything twice. Ticks and change runs never overlap on one instance.
 */
export class ReminderScheduler {
  private timer: ReturnType<typeof setInterval> | undefined
  private running: Promise<void> = Promise.resolve()
  // Reminders this instance has claimed or seen claimed, until their set starts: not asked again.
  private readonly settled = new Map<string, number>()

  constructor(private readonly deps: SchedulerDeps) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.tick(), intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }

  /** Sends the reminders due now; resolves once they have been sent. */
  tick(): Promise<void> {
    return this.serially('reminders', () => this.sendDueReminders())
  }

  /** Tells the users who want to hear of changes what changed in their starred sets. */
  lineupChanged(): Promise<void> {
    return this.serially('programme changes', () => this.sendChanges())
  }

  private serially(what: string, work: () => Promise<void>): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        await work()
      } catch (error) {
        this.deps.log.warn({ err: error }, `could not send ${what}`)
      }
    })
    return this.running
  }

  private async sendDueReminders(): Promise<void> {
    const now = this.deps.now()
    for (const [id, until] of this.settled) if (until <= now) this.settled.delete(id)
    const sets = ((await this.deps.lineup.current())?.sets ?? []).filter((set) => {
      const start = set.start ? Date.parse(set.start) : Number.NaN
      return start > now && start - now <= LONGEST_REMINDER_MS
    })
    if (sets.length === 0) return
    const byKey = new Map(sets.map((set) => [set.key, set]))
    const due: Reminder[] = []
    for (const wanted of await this.deps.schedule.remindersFor([...byKey.keys()])) {
      const set = byKey.get(wanted.key)!
      const start = Date.parse(set.start!)
      // The kind names the start time: a set moved to a later hour is reminded of again.
      const kind = `before:${set.start}`
      if (start - wanted.minutesBefore * 60_000 > now) continue
      if (this.settled.has(idOf(wanted.userId, set.key, kind))) continue
      due.push({
        userId: wanted.userId,
        setKey: set.key,
        kind,
        payload: startsSoonMessage(set, now, this.deps.timeZone),
        options: { ttlSeconds: Math.max(60, Math.floor((start - now) / 1000)), urgency: 'high' },
      })
    }
    await this.deliver(due, (reminder) => Date.parse(byKey.get(reminder.setKey)!.start!))
  }

  private async sendChanges(): Promise<void> {
    const now = this.deps.now()
    const notices: Reminder[] = []
    for (const {
      userId,
      key,
      seen,
      change,
    } of await this.deps.schedule.unseenChangesOfWatchers()) {
      const set = change.kind === 'changed' ? change.now : seen
      // A set that has begun (or is over) is no news worth a notification.
      if (set.start && Date.parse(set.start) <= now) continue
      notices.push({
        userId,
        setKey: key,
        kind: `change:${fingerprint(change)}`,
        payload: changeMessage(seen, change, this.deps.timeZone),
        options: { ttlSeconds: CHANGE_TTL_S, urgency: 'normal' },
      })
    }
    await this.deliver(notices, () => now + CHANGE_TTL_S * 1000)
  }

  /** Delivers to the users with a browser to push to; the rest wait (they may subscribe later). */
  private async deliver(reminders: Reminder[], settledUntil: (r: Reminder) => number) {
    if (reminders.length === 0) return
    const reachable = await this.deps.reminders.usersWithBrowsers(reminders.map((r) => r.userId))
    const toSend = reminders.filter((reminder) => reachable.has(reminder.userId))
    const sent = await this.deps.reminders.deliver(toSend)
    for (const reminder of toSend) {
      this.settled.set(
        idOf(reminder.userId, reminder.setKey, reminder.kind),
        settledUntil(reminder),
      )
    }
    if (sent.length > 0) {
      this.deps.log.info(
        { reminders: sent.length, kind: sent[0]!.kind.split(':')[0] },
        'reminders sent',
      )
    }
  }
}

const idOf = (userId: string, setKey: string, kind: string) => `${userId}\n${setKey}\n${kind}`

/** The same change (of the same set, to the same place and time) has the same fingerprint. */
function fingerprint(change: SetChange): string {
  if (change.kind === 'cancelled') return 'cancelled'
  const { name, stage, date, start, end } = change.now
  return createHash('sha256')
    .update(JSON.stringify([name, stage, date, start, end]))
    .digest('base64url')
    .slice(0, 16)
}
