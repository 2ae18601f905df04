import type { Person } from '../../shared/schedule/schedule.schema'
import type { AppDatabase } from '../db/database'
import { countFollowers, findSchedule, listFollowsOf, listStars } from './schedule.repository'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

/**
 * My schedule for my data export (docs/privacy.md). The calendar and share links are not in it:
 * each is a credential that shows my picks to whoever holds it, and a downloaded file travels;
 * the app shows them, and whether I have them is said here.
 */
export async function schedulePersonalData(
  database: AppDatabase,
  people: (userIds: readonly string[]) => Promise<Map<string, Person>>,
  userId: string,
) {
  const { db } = database
  const [stars, schedule, following, followers] = await Promise.all([
    listStars(db, userId),
    findSchedule(db, userId),
    listFollowsOf(db, userId),
    countFollowers(db, userId),
  ])
  const names = await people(following.map((row) => row.followee_id))
  return {
    stars: stars.map((star) => ({
      setKey: star.set_key,
      starredAt: iso(star.starred_at),
      set: JSON.parse(star.seen_json) as unknown,
    })),
    settings: schedule
      ? {
          remindMinutesBefore: schedule.remind_minutes,
          remindChanges: schedule.remind_changes === 1,
          hasCalendarLink: schedule.calendar_hash !== null,
          hasShareLink: schedule.share_hash !== null,
        }
      : null,
    following: following.map((row) => ({
      userId: row.followee_id,
      username: names.get(row.followee_id)?.username ?? null,
      followedAt: iso(row.followed_at),
    })),
    // Who follows me is theirs to tell: how many is mine.
    followersCount: followers,
  }
}
