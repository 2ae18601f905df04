import type { Kysely } from 'kysely'
import { lockKey } from '../db/advisory-lock'
import type { Dialect, WriteHandle } from '../db/database'
import type { Database, UserSuspensionsTable, VibeReportsTable } from '../db/schema'

/** The advisory-lock key space of a vibe's reports (the other key is a hash of the vibe id). */
const REPORTS_LOCK_SPACE = 22_002

/**
 * Holds a vibe's reports until the transaction ends, so the count that decides whether to hide it
 * sees every report committed before: of N reports racing, the one that makes N hides it, once.
 */
export const lockVibeReports = (trx: WriteHandle, dialect: Dialect, vibeId: string) =>
  lockKey(trx, dialect, REPORTS_LOCK_SPACE, vibeId)

/**
 * Files a report: one per account and vibe. A repeat changes nothing while the first is open, or
 * after a moderator handled it unless the vibe changed since (then it is filed again, anew).
 * True when this call filed it.
 */
export async function fileReport(
  trx: WriteHandle,
  report: Omit<VibeReportsTable, 'handled_at'>,
  vibeUpdatedAt: number,
): Promise<boolean> {
  const rows = await trx
    .insertInto('vibe_reports')
    .values({ ...report, handled_at: null })
    .onConflict((conflict) =>
      conflict
        .columns(['vibe_id', 'reporter_id'])
        .doUpdateSet({
          reason: report.reason,
          note: report.note,
          created_at: report.created_at,
          handled_at: null,
        })
        .where('vibe_reports.handled_at', 'is not', null)
        .where('vibe_reports.handled_at', '<', vibeUpdatedAt),
    )
    .returning('vibe_id')
    .execute()
  return rows.length > 0
}

/** Open (not yet handled) reports of a vibe, one per account. */
export async function countOpenReports(trx: WriteHandle, vibeId: string): Promise<number> {
  const row = await trx
    .selectFrom('vibe_reports')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('vibe_id', '=', vibeId)
    .where('handled_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A moderator acted on the vibe: its open reports are handled. Returns how many. */
export async function handleReports(trx: WriteHandle, vibeId: string, now: number) {
  const rows = await trx
    .updateTable('vibe_reports')
    .set({ handled_at: now })
    .where('vibe_id', '=', vibeId)
    .where('handled_at', 'is', null)
    .returning('vibe_id')
    .execute()
  return rows.length
}

/** Open reports, newest first (never who filed them), for the moderators' queue. */
export function listOpenReports(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('vibe_reports')
    .select(['vibe_id', 'reason', 'note', 'created_at'])
    .where('handled_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
}

/** Vibes hidden pending review (the queue shows them even when their reports are few). */
export async function listHiddenVibeIds(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('vibes')
    .select('id')
    .where('moderation', '=', 'hidden')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** The reports a user filed, newest first (their data export). */
export function listReportsBy(db: Kysely<Database>, reporterId: string) {
  return db
    .selectFrom('vibe_reports')
    .select(['reason', 'note', 'created_at', 'handled_at'])
    .where('reporter_id', '=', reporterId)
    .orderBy('created_at', 'desc')
    .execute()
}

export function findSuspension(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_suspensions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The suspensions in force at `now` among `userIds`: user id to its end (ms). */
export async function suspendedUntil(
  db: Kysely<Database>,
  userIds: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('user_suspensions')
    .select(['user_id', 'until'])
    .where('user_id', 'in', userIds)
    .where('until', '>', now)
    .execute()
  return new Map(rows.map((row) => [row.user_id, Number(row.until)]))
}

/** Suspends a user, replacing a suspension they had. */
export async function putSuspension(trx: WriteHandle, row: UserSuspensionsTable): Promise<void> {
  await trx
    .insertInto('user_suspensions')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ until: row.until, reason: row.reason, created_at: row.created_at }),
    )
    .execute()
}

/** Lifts a suspension; the one lifted, or undefined when there was none in force. */
export function deleteSuspension(trx: WriteHandle, userId: string, now: number) {
  return trx
    .deleteFrom('user_suspensions')
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .returningAll()
    .executeTakeFirst()
}
