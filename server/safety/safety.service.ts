import type { FastifyBaseLogger } from 'fastify'
import type { ReportInput } from '../../shared/safety/report-input.schema'
import type { Role } from '../../shared/safety/roles'
import type { AuditPage, ModerationQueue } from '../../shared/safety/safety-responses.schema'
import type { OwnVibe, VibeInput } from '../../shared/vibes/vibe.schema'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import { AppError, notFound } from '../http/app-error'
import type { ModerationChange } from '../vibes/vibes.service'
import { readAudit, recordAudit, SYSTEM_ACTOR } from './audit-log'
import { queueItems } from './moderation-queue'
import {
  countOpenReports,
  deleteSuspension,
  fileReport,
  findSuspension,
  handleReports,
  listHiddenVibeIds,
  listOpenReports,
  listReportsBy,
  lockVibeReports,
  putSuspension,
  suspendedUntil,
} from './safety.repository'
import type { WordList } from './word-list'

/** What safety needs of the other features, handed in by server/app.ts. */
export interface SafetySources {
  /** A vibe as its author sees it, or undefined. */
  findVibe(id: string): Promise<OwnVibe | undefined>
  findVibes(ids: readonly string[]): Promise<Map<string, OwnVibe>>
  /** The vibes feature's moderation write, in this feature's transaction. */
  moderateVibe(trx: WriteHandle, id: string, change: ModerationChange): Promise<OwnVibe | undefined>
  /** The names these users go by (their vibe's username); those without one are left out. */
  names(userIds: readonly string[]): Promise<Map<string, string>>
  /** Whether the user holds one of these roles, read now. */
  holdsRole(userId: string, roles: readonly Role[]): Promise<boolean>
  accountExists(userId: string): Promise<boolean>
  /** `Sessions.end`, the one way sessions end: their live sockets close at once. */
  endSessions(trx: WriteHandle, filter: { userId: string }): Promise<number>
}

interface SafetyDeps {
  database: AppDatabase
  sources: SafetySources
  words: WordList
  /** Reports from this many distinct accounts hide a vibe (MODERATION_REPORTS_TO_HIDE). */
  reportsToHide: number
  now: () => number
  log: FastifyBaseLogger
}

// What the queue reads at most: the open reports and hidden vibes behind its items.
const QUEUE_REPORTS_READ = 2000
const QUEUE_HIDDEN_READ = 200
const QUEUE_ITEMS = 100

export const MODERATORS: readonly Role[] = ['moderator', 'organiser']
export const ORGANISERS: readonly Role[] = ['organiser']

/**
 * Reports, moderation, suspensions, the word list and the audit log (docs/safety.md, ADR 031).
 * Every moderator's action and its audit entry are one transaction.
 */
export class SafetyService {
  constructor(private readonly deps: SafetyDeps) {}

  /** Throws `role_required` (403) unless the caller holds one of these roles now. */
  async requireRole(user: AuthUser, roles: readonly Role[]): Promise<void> {
    if (await this.deps.sources.holdsRole(user.id, roles)) return
    const needed = roles.length === 1 ? `the ${roles[0]} role` : `the ${roles.join(' or ')} role`
    throw new AppError(403, 'role_required', `This needs ${needed}`)
  }

  /** Throws `vibe_held_back` (422) when the username or status holds a word of the list. */
  checkText(input: Pick<VibeInput, 'username' | 'status'>): void {
    for (const [field, label] of [
      ['username', 'Your username'],
      ['status', 'Your vibe status'],
    ] as const) {
      const word = this.deps.words.find(input[field])
      if (word === undefined) continue
      const message = `${label} contains “${word}”, which isn't allowed here: change it and try again`
      throw new AppError(422, 'vibe_held_back', message, { [field]: message })
    }
  }

  /** Throws `account_suspended` (403), saying until when, while the user is suspended. */
  async checkWriter(userId: string): Promise<void> {
    const suspension = await findSuspension(this.deps.database.db, userId)
    if (!suspension || Number(suspension.until) <= this.deps.now()) return
    const until = new Date(Number(suspension.until)).toISOString()
    throw new AppError(
      403,
      'account_suspended',
      `Your account is suspended until ${until} (${suspension.reason}): you can't post or update your vibe until then`,
      { until },
    )
  }

  /**
   * Reports a vibe (not one's own). Once reports from `reportsToHide` distinct accounts are open,
   * the vibe is hidden pending review, once however many race (the vibe's reports are locked
   * while one is filed and counted). False for a repeat, which changes nothing.
   */
  async report(user: AuthUser, vibeId: string, input: ReportInput): Promise<boolean> {
    const vibe = await this.deps.sources.findVibe(vibeId)
    if (!vibe) throw notFound('There is no vibe with this id', 'vibe_not_found')
    if (vibe.userId === user.id) {
      throw new AppError(409, 'report_own_vibe', "You can't report your own vibe")
    }
    const now = this.deps.now()
    return writeTransaction(this.deps.database, async (trx) => {
      await lockVibeReports(trx, this.deps.database.dialect, vibeId)
      const report = {
        vibe_id: vibeId,
        reporter_id: user.id,
        reason: input.reason,
        note: input.note ?? null,
        created_at: now,
      }
      if (!(await fileReport(trx, report, Date.parse(vibe.updatedAt)))) return false
      const open = await countOpenReports(trx, vibeId)
      if (open < this.deps.reportsToHide) return true
      const change = { from: ['visible'], to: 'hidden', reason: null, op: 'update' } as const
      if (await this.deps.sources.moderateVibe(trx, vibeId, change)) {
        await recordAudit(
          trx,
          {
            actor: SYSTEM_ACTOR,
            action: 'vibe.hidden',
            subjectId: vibe.userId,
            vibeId,
            details: { reports: open },
          },
          now,
        )
      }
      return true
    })
  }

  /** Reported and hidden vibes with their open reports: hidden first, then the most reported. */
  /**
   * My part of the data export: the reports I filed (not whose vibe: that is theirs) and a
   * suspension I am under. What moderators did to my vibe is on the vibe itself.
   */
  async personalData(userId: string) {
    const { db } = this.deps.database
    const [reports, suspension] = await Promise.all([
      listReportsBy(db, userId),
      findSuspension(db, userId),
    ])
    const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())
    return {
      reportsMade: reports.map((report) => ({
        reason: report.reason,
        note: report.note,
        createdAt: iso(report.created_at),
        handledAt: iso(report.handled_at),
      })),
      suspension: suspension
        ? {
            until: iso(suspension.until),
            reason: suspension.reason,
            since: iso(suspension.created_at),
          }
        : null,
    }
  }

  async queue(): Promise<ModerationQueue> {
    const { db } = this.deps.database
    const reports = await listOpenReports(db, QUEUE_REPORTS_READ)
    const hidden = await listHiddenVibeIds(db, QUEUE_HIDDEN_READ)
    const ids = [...new Set([...hidden, ...reports.map((report) => report.vibe_id)])]
    const vibes = await this.deps.sources.findVibes(ids)
    const authors = [...new Set([...vibes.values()].map((vibe) => vibe.userId))]
    const suspended = await suspendedUntil(db, authors, this.deps.now())
    const items = queueItems(reports, ids, vibes, suspended)
    return { items: items.slice(0, QUEUE_ITEMS) }
  }

  /**
   * Keeps a vibe: back in the feed if it was hidden or removed, and its open reports handled.
   * Answers the vibe as its author sees it.
   */
  restore(moderator: AuthUser, vibeId: string, reason: string | undefined): Promise<OwnVibe> {
    return this.act(vibeId, async (trx, vibe, now) => {
      const change = { from: ['hidden', 'removed'], to: 'visible', reason: null, op: 'insert' }
      const restored = await this.deps.sources.moderateVibe(trx, vibeId, change as ModerationChange)
      const handled = await handleReports(trx, vibeId, now)
      if (!restored && handled === 0) return vibe
      await recordAudit(
        trx,
        {
          actor: moderator.id,
          action: 'vibe.restored',
          subjectId: vibe.userId,
          vibeId,
          reason: reason ?? null,
          details: { reportsHandled: handled },
        },
        now,
      )
      return restored ?? vibe
    })
  }

  /** Removes a vibe from everyone's feed; its author is shown `reason`. Open reports are handled. */
  remove(moderator: AuthUser, vibeId: string, reason: string): Promise<OwnVibe> {
    return this.act(vibeId, async (trx, vibe, now) => {
      const change = { from: ['visible', 'hidden', 'removed'], to: 'removed', reason, op: 'update' }
      const removed = await this.deps.sources.moderateVibe(trx, vibeId, change as ModerationChange)
      if (!removed) throw notFound('There is no vibe with this id', 'vibe_not_found')
      const handled = await handleReports(trx, vibeId, now)
      await recordAudit(
        trx,
        {
          actor: moderator.id,
          action: 'vibe.removed',
          subjectId: vibe.userId,
          vibeId,
          reason,
          details: { reportsHandled: handled },
        },
        now,
      )
      return removed
    })
  }

  /**
   * Suspends a user for `hours`: they cannot post or update a vibe until then, and their
   * sessions end now (their live sockets close at once). A moderator may not suspend themselves,
   * nor another moderator or an organiser (an organiser may).
   */
  async suspend(moderator: AuthUser, userId: string, input: { hours: number; reason: string }) {
    const { sources } = this.deps
    if (userId === moderator.id) throw new AppError(403, 'forbidden', "You can't suspend yourself")
    if (!(await sources.accountExists(userId))) {
      throw notFound('There is no account with this id', 'user_not_found')
    }
    if (
      (await sources.holdsRole(userId, MODERATORS)) &&
      !(await sources.holdsRole(moderator.id, ORGANISERS))
    ) {
      throw new AppError(
        403,
        'role_required',
        'Suspending a moderator or organiser needs the organiser role',
      )
    }
    const now = this.deps.now()
    const until = now + input.hours * 3_600_000
    const sessionsEnded = await writeTransaction(this.deps.database, async (trx) => {
      await putSuspension(trx, { user_id: userId, until, reason: input.reason, created_at: now })
      const ended = await sources.endSessions(trx, { userId })
      await recordAudit(
        trx,
        {
          actor: moderator.id,
          action: 'user.suspended',
          subjectId: userId,
          reason: input.reason,
          details: { hours: input.hours, until: new Date(until).toISOString() },
        },
        now,
      )
      return ended
    })
    return {
      suspension: { userId, until: new Date(until).toISOString(), reason: input.reason },
      sessionsEnded,
    }
  }

  /** Lifts a suspension in force; `suspension_not_found` (404) when there is none. */
  async lift(moderator: AuthUser, userId: string, reason: string | undefined): Promise<void> {
    const now = this.deps.now()
    await writeTransaction(this.deps.database, async (trx) => {
      const lifted = await deleteSuspension(trx, userId, now)
      if (!lifted) {
        throw notFound('This account is not suspended', 'suspension_not_found')
      }
      await recordAudit(
        trx,
        { actor: moderator.id, action: 'user.suspension_lifted', subjectId: userId, reason },
        now,
      )
    })
  }

  /** A page of the audit log, people resolved while their accounts exist. */
  audit(options: { cursor?: string | undefined; limit: number }): Promise<AuditPage> {
    return readAudit(this.deps.database.db, (ids) => this.deps.sources.names(ids), options)
  }

  /** A moderator's action on a vibe that exists, in one transaction with its audit entry. */
  private async act(
    vibeId: string,
    work: (trx: WriteHandle, vibe: OwnVibe, now: number) => Promise<OwnVibe>,
  ): Promise<OwnVibe> {
    const vibe = await this.deps.sources.findVibe(vibeId)
    if (!vibe) throw notFound('There is no vibe with this id', 'vibe_not_found')
    const now = this.deps.now()
    return writeTransaction(this.deps.database, (trx) => work(trx, vibe, now))
  }
}
