import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, ScheduleStarsTable, SchedulesTable } from '../db/schema'

// My schedule's rows: stars, the schedule row (version, links, reminders) and follows.

export type StarRow = ScheduleStarsTable
export type ScheduleRow = SchedulesTable

/** A user's stars, oldest first. */
export function listStars(db: Kysely<Database>, userId: string): Promise<StarRow[]> {
  return db
    .selectFrom('schedule_stars')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('starred_at')
    .orderBy('set_key')
    .execute()
}

export async function countStars(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('schedule_stars')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** The set keys each of `userIds` starred. */
export function listStarKeysOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Array<{ user_id: string; set_key: string }>> {
  if (userIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('schedule_stars')
    .select(['user_id', 'set_key'])
    .where('user_id', 'in', userIds)
    .orderBy('set_key')
    .execute()
}

/** The stars on `keys` of users who want a reminder before their sets, and how long before. */
export function listStarsWithReminders(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Array<{ user_id: string; set_key: string; remind_minutes: number | null }>> {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('schedule_stars as star')
    .innerJoin('schedules as schedule', 'schedule.user_id', 'star.user_id')
    .select(['star.user_id', 'star.set_key', 'schedule.remind_minutes'])
    .where('star.set_key', 'in', keys)
    .where('schedule.remind_minutes', 'is not', null)
    .execute()
}

/** Every star of the users who want to hear of programme changes. */
export function listStarsOfChangeWatchers(db: Kysely<Database>): Promise<StarRow[]> {
  return db
    .selectFrom('schedule_stars as star')
    .innerJoin('schedules as schedule', 'schedule.user_id', 'star.user_id')
    .selectAll('star')
    .where('schedule.remind_changes', '=', 1)
    .execute()
}

export function findSchedule(
  db: Kysely<Database>,
  userId: string,
): Promise<ScheduleRow | undefined> {
  return db.selectFrom('schedules').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

export function findScheduleByCalendar(
  db: Kysely<Database>,
  calendarHash: string,
): Promise<Pick<ScheduleRow, 'user_id' | 'version'> | undefined> {
  return db
    .selectFrom('schedules')
    .select(['user_id', 'version'])
    .where('calendar_hash', '=', calendarHash)
    .executeTakeFirst()
}

export function findScheduleByShare(
  db: Kysely<Database>,
  shareHash: string,
): Promise<Pick<ScheduleRow, 'user_id'> | undefined> {
  return db
    .selectFrom('schedules')
    .select('user_id')
    .where('share_hash', '=', shareHash)
    .executeTakeFirst()
}

/** Makes the user's schedule row if there is none; the next writes update it. */
export async function ensureSchedule(trx: WriteHandle, userId: string): Promise<void> {
  await trx
    .insertInto('schedules')
    .values({
      user_id: userId,
      version: 0,
      calendar_hash: null,
      calendar_cipher: null,
      share_hash: null,
      share_cipher: null,
      remind_minutes: null,
      remind_changes: 0,
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
}

/** One more change to the user's stars: the calendar's ETag moves. */
export async function bumpVersion(trx: WriteHandle, userId: string): Promise<void> {
  await ensureSchedule(trx, userId)
  await trx
    .updateTable('schedules')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .execute()
}

/** Stars a set; true if it was not starred yet (a repeated star changes nothing). */
export async function insertStar(trx: WriteHandle, row: StarRow): Promise<boolean> {
  const result = await trx
    .insertInto('schedule_stars')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'set_key']).doNothing())
    .executeTakeFirst()
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  if (inserted) await bumpVersion(trx, row.user_id)
  return inserted
}

/** Unstars sets; how many were starred. */
export async function deleteStars(
  trx: WriteHandle,
  userId: string,
  keys: readonly string[],
): Promise<number> {
  if (keys.length === 0) return 0
  const result = await trx
    .deleteFrom('schedule_stars')
    .where('user_id', '=', userId)
    .where('set_key', 'in', keys)
    .executeTakeFirst()
  const deleted = Number(result.numDeletedRows)
  if (deleted > 0) await bumpVersion(trx, userId)
  return deleted
}

/** A star's set as now seen (its change acknowledged), possibly under the set's new key. */
export async function updateSeenStar(
  trx: WriteHandle,
  userId: string,
  oldKey: string,
  next: { set_key: string; seen_json: string },
): Promise<void> {
  if (next.set_key !== oldKey) {
    // The set moved to a key the user may have starred already: keep one star.
    await trx
      .deleteFrom('schedule_stars')
      .where('user_id', '=', userId)
      .where('set_key', '=', next.set_key)
      .execute()
  }
  await trx
    .updateTable('schedule_stars')
    .set(next)
    .where('user_id', '=', userId)
    .where('set_key', '=', oldKey)
    .execute()
  await bumpVersion(trx, userId)
}

/**
 * Saves a calendar address. A first one (`replace` false) is saved only if there is none yet, so
 * of two first uses at once (two devices, a retried request) one address wins and both are told
 * it; false when another was there.
 */
export const saveCalendarLink = (
  trx: WriteHandle,
  userId: string,
  link: { calendar_hash: string; calendar_cipher: string },
  replace: boolean,
): Promise<boolean> => saveLink(trx, userId, link, replace ? null : 'calendar_hash')

/**
 * Saves a share link, as `saveCalendarLink` does; a new one (`replace`) drops everyone who
 * followed through the old one.
 */
export async function saveShareLink(
  trx: WriteHandle,
  userId: string,
  link: { share_hash: string; share_cipher: string },
  replace: boolean,
): Promise<boolean> {
  const saved = await saveLink(trx, userId, link, replace ? null : 'share_hash')
  if (replace) {
    await trx.deleteFrom('schedule_follows').where('followee_id', '=', userId).execute()
  }
  return saved
}

/** Sets a link's columns, or with `unlessSet` only where that column is still empty; true if set. */
async function saveLink(
  trx: WriteHandle,
  userId: string,
  link:
    | { calendar_hash: string; calendar_cipher: string }
    | { share_hash: string; share_cipher: string },
  unlessSet: 'calendar_hash' | 'share_hash' | null,
): Promise<boolean> {
  await ensureSchedule(trx, userId)
  let update = trx.updateTable('schedules').set(link).where('user_id', '=', userId)
  if (unlessSet) update = update.where(unlessSet, 'is', null)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function saveReminderSettings(
  trx: WriteHandle,
  userId: string,
  settings: { remind_minutes: number | null; remind_changes: number },
): Promise<void> {
  await ensureSchedule(trx, userId)
  await trx.updateTable('schedules').set(settings).where('user_id', '=', userId).execute()
}

/** Follows someone; false if already following. */
export async function insertFollow(
  trx: WriteHandle,
  row: { follower_id: string; followee_id: string; followed_at: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('schedule_follows')
    .values(row)
    .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function deleteFollow(
  trx: WriteHandle,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('schedule_follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Whom the user follows, first followed first. */
export async function listFollowees(db: Kysely<Database>, followerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('schedule_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .orderBy('followed_at')
    .orderBy('followee_id')
    .execute()
  return rows.map((row) => row.followee_id)
}

export async function isFollowing(
  db: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('schedule_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst()
  return row !== undefined
}

/** Ends the follows between two people, both ways (a block). */
export async function deleteFollowsBetween(trx: WriteHandle, a: string, b: string): Promise<void> {
  await trx
    .deleteFrom('schedule_follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('followee_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('followee_id', '=', a)]),
      ]),
    )
    .execute()
}

/** Whom the user follows, with when (their data export). */
export function listFollowsOf(
  db: Kysely<Database>,
  followerId: string,
): Promise<Array<{ followee_id: string; followed_at: number }>> {
  return db
    .selectFrom('schedule_follows')
    .select(['followee_id', 'followed_at'])
    .where('follower_id', '=', followerId)
    .orderBy('followed_at')
    .execute()
}

/** How many follow the user's picks. */
export async function countFollowers(db: Kysely<Database>, followeeId: string): Promise<number> {
  const row = await db
    .selectFrom('schedule_follows')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('followee_id', '=', followeeId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
