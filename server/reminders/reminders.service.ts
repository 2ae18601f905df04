import { createHash, ECDH } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushKey,
  type PushPayload,
  type PushSubscriptionInput,
} from '../../shared/reminders/push.schema'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import {
  claimReminders,
  deleteExpiredSubscription,
  deleteOwnSubscription,
  listSubscriptionsOf,
  type SubscriptionRow,
  trimSubscriptions,
  upsertSubscription,
} from './push.repository'
import type { PushOptions, PushSender } from './push-sender'
import { remindersPersonalData } from './reminders-personal-data'

export interface RemindersDeps {
  database: AppDatabase
  sender: PushSender
  publicKey: string
  /** PUSH_REMINDERS: off keeps the routes but stores and sends nothing. */
  enabled: boolean
  /** The push services' hosts we send to (PUSH_SERVICE_HOSTS); subdomains count. */
  serviceHosts: readonly string[]
  now: () => number
  log: FastifyBaseLogger
}

/** One push to claim and send: to every browser of `userId`, once per (user, set, kind) ever. */
export interface Reminder {
  userId: string
  setKey: string
  kind: string
  payload: PushPayload
  options: PushOptions
}

// Pushes in flight at once: push services answer in tens of milliseconds, and a slow one must
// not hold the rest for its timeout.
const SEND_CONCURRENCY = 8
// Users per query (an IN list), well under both engines' parameter limits.
const CHUNK = 500

const hashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url')

/**
 * Reminders by Web Push (docs/reminders.md): browsers' subscriptions, and sending a reminder at
 * most once. A reminder is claimed in `reminders_sent` before it is sent, so two instances, two
 * ticks or a restart never send it twice; a crash between the claim and the send loses it.
 */
export class RemindersService {
  constructor(private readonly deps: RemindersDeps) {}

  /** My push subscriptions and sent reminders for my data export (docs/privacy.md). */
  personalData(userId: string) {
    return remindersPersonalData(this.deps.database, userId)
  }

  publicKey(): PushKey {
    this.requireEnabled()
    return { publicKey: this.deps.publicKey }
  }

  /** Stores this browser's subscription for the caller (moving it from another account). */
  async subscribe(user: AuthUser, input: PushSubscriptionInput): Promise<void> {
    this.requireEnabled()
    const { endpoint, keys } = input
    if (!this.isPushService(endpoint)) {
      throw invalid('endpoint', 'is not a push service this server sends to')
    }
    if (!isP256Point(keys.p256dh)) throw invalid('keys.p256dh', 'is not a P-256 public key')
    const row: SubscriptionRow = {
      endpoint_hash: hashOf(endpoint),
      user_id: user.id,
      endpoint,
      p256dh: keys.p256dh.replace(/=+$/, ''),
      auth: keys.auth.replace(/=+$/, ''),
      created_at: this.deps.now(),
    }
    await writeTransaction(this.deps.database, async (trx) => {
      await upsertSubscription(trx, row)
      await trimSubscriptions(trx, user.id, PUSH_SUBSCRIPTIONS_PER_USER)
    })
  }

  /** Forgets the caller's subscription with this endpoint; none, or another's, changes nothing. */
  async unsubscribe(user: AuthUser, endpoint: string): Promise<void> {
    await writeTransaction(this.deps.database, (trx) =>
      deleteOwnSubscription(trx, user.id, hashOf(endpoint)),
    )
  }

  /** Which of these users have a browser to push to. */
  async usersWithBrowsers(userIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.subscriptionsOf(userIds)
    return new Set(rows.map((row) => row.user_id))
  }

  /**
   * Claims each reminder, then sends the ones this call claimed to their users' browsers. Returns
   * what was claimed here (a reminder claimed before, anywhere, is skipped).
   */
  async deliver(reminders: readonly Reminder[]): Promise<Reminder[]> {
    if (reminders.length === 0) return []
    const sentAt = this.deps.now()
    const claimed = await writeTransaction(this.deps.database, (trx) =>
      claimReminders(
        trx,
        reminders.map(({ userId, setKey, kind }) => ({
          user_id: userId,
          set_key: setKey,
          kind,
          sent_at: sentAt,
        })),
      ),
    )
    const won = new Set(claimed.map((row) => `${row.user_id}\n${row.set_key}\n${row.kind}`))
    const mine = reminders.filter((r) => won.has(`${r.userId}\n${r.setKey}\n${r.kind}`))
    const browsers = new Map<string, SubscriptionRow[]>()
    for (const row of await this.subscriptionsOf(mine.map((reminder) => reminder.userId))) {
      browsers.set(row.user_id, [...(browsers.get(row.user_id) ?? []), row])
    }
    const jobs = mine.flatMap((reminder) =>
      (browsers.get(reminder.userId) ?? []).map((browser) => () => this.push(browser, reminder)),
    )
    await runLimited(jobs, SEND_CONCURRENCY)
    return mine
  }

  private async push(browser: SubscriptionRow, reminder: Reminder): Promise<void> {
    const outcome = await this.deps.sender.send(browser, reminder.payload, reminder.options)
    if (outcome.kind === 'sent') return
    // Where it went, never the endpoint's path or keys: those are the browser's secrets.
    const context = {
      userId: browser.user_id,
      pushService: new URL(browser.endpoint).origin,
      status: outcome.status,
      kind: reminder.kind.split(':')[0],
    }
    if (outcome.kind === 'expired') {
      await writeTransaction(this.deps.database, (trx) =>
        deleteExpiredSubscription(trx, browser.endpoint_hash, browser.p256dh),
      )
      this.deps.log.info(context, 'a push subscription expired and was removed')
      return
    }
    this.deps.log.warn({ ...context, reason: outcome.reason }, 'a push was not delivered')
  }

  private async subscriptionsOf(userIds: readonly string[]): Promise<SubscriptionRow[]> {
    const unique = [...new Set(userIds)]
    const rows: SubscriptionRow[] = []
    for (let i = 0; i < unique.length; i += CHUNK) {
      rows.push(...(await listSubscriptionsOf(this.deps.database.db, unique.slice(i, i + CHUNK))))
    }
    return rows
  }

  private isPushService(endpoint: string): boolean {
    const host = new URL(endpoint).hostname.toLowerCase()
    return this.deps.serviceHosts.some(
      (allowed) => host === allowed || host.endsWith(`.${allowed}`),
    )
  }

  private requireEnabled(): void {
    if (!this.deps.enabled) {
      throw new AppError(404, 'push_disabled', 'Reminders are turned off on this server')
    }
  }
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'validation_failed', `${field} ${message}`, { [field]: message })

/** Whether the browser's key is a point of P-256 (ECDH with it would otherwise fail at send). */
function isP256Point(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1')
    return true
  } catch {
    return false
  }
}

/** Runs `jobs` with at most `limit` in flight. */
async function runLimited(jobs: ReadonlyArray<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!()
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker))
}
