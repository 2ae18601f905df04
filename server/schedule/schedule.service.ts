import { randomBytes } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { LineupItem, LineupSet } from '../../shared/lineup/lineup.schema'
import type {
  CalendarLink,
  Crew,
  Person,
  ReminderSettings,
  Schedule,
  SetChange,
  SharedPicks,
  ShareLink,
  Star,
} from '../../shared/schedule/schedule.schema'
import type { AuthUser } from '../auth/auth-deps'
import { keyedHash, seal, unseal } from '../crypto/sealed-secrets'
import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import { AppError, notFound } from '../http/app-error'
import type { LineupSnapshot } from '../lineup/lineup-snapshot'
import { calendarFeed } from './calendar-feed'
import { changeOf, currentSetOf, setsByKey } from './programme-changes'
import {
  countStars,
  deleteFollow,
  deleteFollowsBetween,
  deleteStars,
  findSchedule,
  findScheduleByCalendar,
  findScheduleByShare,
  insertFollow,
  insertStar,
  isFollowing,
  listFollowees,
  listStarKeysOf,
  listStars,
  listStarsOfChangeWatchers,
  listStarsWithReminders,
  type StarRow,
  saveCalendarLink,
  saveReminderSettings,
  saveShareLink,
  updateSeenStar,
} from './schedule.repository'
import { schedulePersonalData } from './schedule-personal-data'

/** The keys the schedule derives from the server's secret, one per purpose. */
export interface ScheduleKeys {
  calendarLookup: Buffer
  calendarDisplay: Buffer
  shareLookup: Buffer
  shareDisplay: Buffer
}

export function scheduleKeys(derive: (purpose: string) => Buffer): ScheduleKeys {
  return {
    calendarLookup: derive('schedule:calendar-lookup'),
    calendarDisplay: derive('schedule:calendar-display'),
    shareLookup: derive('schedule:share-lookup'),
    shareDisplay: derive('schedule:share-display'),
  }
}

export interface ScheduleDeps {
  database: AppDatabase
  lineup: {
    current(): Promise<LineupSnapshot | undefined>
    currentEtag(): Promise<string | undefined>
  }
  /** How users show in the app: their vibe's name and emoji (the vibes feature). */
  people: (userIds: readonly string[]) => Promise<Map<string, Person>>
  keys: ScheduleKeys
  festival: { name: string; timeZone: string }
  now: () => number
  /** A set was starred (the game's planner quest). */
  onStarred?: (userId: string) => void
  /** Whom the user's screens hide (blocked either way): their picks and follows too. */
  hiddenFor?: (userId: string) => Promise<ReadonlySet<string>>
}

/** A calendar feed: its ETag, and its text unless the caller's ETag still holds. */
export type CalendarAnswer = { etag: string; body?: string }

// A calendar app polls its feed hourly; thousands of them at a festival. Which schedule (and which
// version of it) a calendar link stands for is read at most once a second per link, and this
// instance's own star changes drop it at once.
const CALENDAR_MEMO_MS = 1000

const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url')
const fromJson = (row: StarRow) => JSON.parse(row.seen_json) as LineupItem
/** A set as stored in a star: without its key (the star row has it). */
const seenJson = ({ key: _key, ...item }: LineupSet) => JSON.stringify(item)

/**
 * My schedule (docs/companion.md): stars that follow me to every device, what changed in the
 * programme since I starred a set, my crew's picks through share links, and my calendar feed.
 */
export class ScheduleService {
  /** Calendar link → whose schedule, at which version (briefly: other instances write too). */
  private readonly calendars: LRUCache<string, { userId: string; version: number }>
  /** User → their remembered calendar link, to forget it when this instance changes their stars. */
  private readonly calendarOfUser = new Map<string, string>()

  constructor(private readonly deps: ScheduleDeps) {
    this.calendars = new LRUCache({
      max: 10_000,
      ttl: CALENDAR_MEMO_MS,
      perf: { now: deps.now },
      dispose: (value, token) => {
        if (this.calendarOfUser.get(value.userId) === token)
          this.calendarOfUser.delete(value.userId)
      },
    })
  }

  /** My stars with what changed since I saw them, in the lineup's order, and my reminder choices. */
  async schedule(user: AuthUser): Promise<Schedule> {
    const [rows, snapshot, row] = await Promise.all([
      listStars(this.deps.database.db, user.id),
      this.deps.lineup.current(),
      findSchedule(this.deps.database.db, user.id),
    ])
    const sets = snapshot?.sets ?? []
    const byKey = setsByKey(sets)
    const order = new Map(sets.map((set, index) => [set.key, index]))
    const stars: Star[] = rows.map((star) => {
      const seen = fromJson(star)
      const now = currentSetOf({ key: star.set_key, seen }, byKey, sets)
      return {
        key: star.set_key,
        starredAt: new Date(Number(star.starred_at)).toISOString(),
        seen: { key: star.set_key, ...seen },
        change: changeOf({ key: star.set_key, seen }, now),
      }
    })
    const position = (star: Star) =>
      order.get(star.change?.kind === 'changed' ? star.change.now.key : star.key) ?? sets.length
    stars.sort((a, b) => position(a) - position(b))
    return {
      stars,
      reminders: {
        minutesBefore: (row?.remind_minutes ?? null) as ReminderSettings['minutesBefore'],
        changes: row?.remind_changes === 1,
      },
    }
  }

  /** Stars a set of the lineup now served; starring it again changes nothing. */
  async star(user: AuthUser, key: string): Promise<void> {
    const set = (await this.deps.lineup.current())?.sets.find((each) => each.key === key)
    if (!set) throw notFound('This set is not on the lineup', 'set_not_found')
    const row = { user_id: user.id, set_key: key, starred_at: this.deps.now(), seen_json: '' }
    row.seen_json = seenJson(set)
    const added = await writeTransaction(this.deps.database, (trx) => insertStar(trx, row))
    if (!added) return
    this.forgetCalendarOf(user.id)
    this.deps.onStarred?.(user.id)
  }

  /** How many sets the user starred. */
  countStars(userId: string): Promise<number> {
    return countStars(this.deps.database.db, userId)
  }

  /** Unstars a set; unstarring one that is not starred changes nothing. */
  async unstar(user: AuthUser, key: string): Promise<void> {
    const removed = await writeTransaction(this.deps.database, (trx) =>
      deleteStars(trx, user.id, [key]),
    )
    if (removed > 0) this.forgetCalendarOf(user.id)
  }

  /**
   * I have seen how these starred sets changed: a changed set is remembered as it is now (under
   * its new key if it has one), a cancelled one is unstarred. Unknown or unchanged keys are skipped.
   */
  async changesSeen(user: AuthUser, keys: readonly string[]): Promise<void> {
    const { stars } = await this.schedule(user)
    const wanted = new Set(keys)
    const seen = stars.filter((star) => wanted.has(star.key) && star.change)
    if (seen.length === 0) return
    await writeTransaction(this.deps.database, async (trx) => {
      const cancelled = seen.filter((star) => star.change?.kind === 'cancelled')
      await deleteStars(
        trx,
        user.id,
        cancelled.map((star) => star.key),
      )
      for (const star of seen) {
        if (star.change?.kind !== 'changed') continue
        const now = star.change.now
        await updateSeenStar(trx, user.id, star.key, {
          set_key: now.key,
          seen_json: seenJson(now),
        })
      }
    })
    this.forgetCalendarOf(user.id)
  }

  async saveReminders(user: AuthUser, settings: ReminderSettings): Promise<ReminderSettings> {
    await writeTransaction(this.deps.database, (trx) =>
      saveReminderSettings(trx, user.id, {
        remind_minutes: settings.minutesBefore,
        remind_changes: settings.changes ? 1 : 0,
      }),
    )
    return settings
  }

  /**
   * Who wants a reminder before which of these sets (the push reminders): a star on the set's key
   * by a user who chose minutes before.
   */
  async remindersFor(
    keys: readonly string[],
  ): Promise<Array<{ userId: string; key: string; minutesBefore: number }>> {
    const rows = await listStarsWithReminders(this.deps.database.db, keys)
    return rows.map((row) => ({
      userId: row.user_id,
      key: row.set_key,
      minutesBefore: Number(row.remind_minutes),
    }))
  }

  /**
   * The changes of starred sets not yet seen (moved, another stage, cancelled), of users who want
   * to hear of changes: what the push reminders tell when the lineup changes.
   */
  async unseenChangesOfWatchers(): Promise<
    Array<{ userId: string; key: string; seen: LineupSet; change: SetChange }>
  > {
    const [rows, snapshot] = await Promise.all([
      listStarsOfChangeWatchers(this.deps.database.db),
      this.deps.lineup.current(),
    ])
    const sets = snapshot?.sets ?? []
    const byKey = setsByKey(sets)
    return rows.flatMap((row) => {
      const star = { key: row.set_key, seen: fromJson(row) }
      const change = changeOf(star, currentSetOf(star, byKey, sets))
      if (!change) return []
      return [
        { userId: row.user_id, key: row.set_key, seen: { key: star.key, ...star.seen }, change },
      ]
    })
  }

  /** My share link, made on first use. */
  async shareLink(user: AuthUser, siteUrl: string): Promise<ShareLink> {
    const code = (await this.storedShare(user.id)) ?? (await this.issueShare(user.id, false))
    return this.presentShare(code, siteUrl)
  }

  /** A new share link: the old one stops working and those who followed through it stop following. */
  async newShareLink(user: AuthUser, siteUrl: string): Promise<ShareLink> {
    return this.presentShare(await this.issueShare(user.id, true), siteUrl)
  }

  /** Whose picks a share link shows, and which sets they starred. */
  async sharedPicks(user: AuthUser, code: string): Promise<SharedPicks> {
    const ownerId = await this.ownerOfShare(code, user.id)
    const [people, stars, following] = await Promise.all([
      this.deps.people([ownerId]),
      listStarKeysOf(this.deps.database.db, [ownerId]),
      isFollowing(this.deps.database.db, user.id, ownerId),
    ])
    return {
      owner: people.get(ownerId) ?? { userId: ownerId, username: 'A festival-goer', emoji: '🎉' },
      keys: stars.map((star) => star.set_key),
      following,
    }
  }

  /** Follows the owner of a share link: their picks show on my lineup. */
  async follow(user: AuthUser, code: string): Promise<void> {
    const ownerId = await this.ownerOfShare(code, user.id)
    if (ownerId === user.id) {
      throw new AppError(409, 'follow_own', 'This is your own share link')
    }
    await writeTransaction(this.deps.database, (trx) =>
      insertFollow(trx, {
        follower_id: user.id,
        followee_id: ownerId,
        followed_at: this.deps.now(),
      }),
    )
  }

  async unfollow(user: AuthUser, followeeId: string): Promise<void> {
    await writeTransaction(this.deps.database, (trx) => deleteFollow(trx, user.id, followeeId))
  }

  /** The people I follow and which sets each of them starred. */
  async crew(user: AuthUser): Promise<Crew> {
    const [all, hidden] = await Promise.all([
      listFollowees(this.deps.database.db, user.id),
      this.hiddenFor(user.id),
    ])
    // A block ends follows in its write; one that raced it is hidden all the same.
    const followees = all.filter((id) => !hidden.has(id))
    const [people, stars] = await Promise.all([
      this.deps.people(followees),
      listStarKeysOf(this.deps.database.db, followees),
    ])
    const picks: Crew['picks'] = {}
    for (const { user_id, set_key } of stars) {
      picks[set_key] ??= []
      picks[set_key].push(user_id)
    }
    return {
      following: followees.map(
        (id) => people.get(id) ?? { userId: id, username: 'A festival-goer', emoji: '🎉' },
      ),
      picks,
    }
  }

  /** My calendar feed's address, made on first use. */
  async calendarLink(user: AuthUser, siteUrl: string): Promise<CalendarLink> {
    const token = (await this.storedCalendar(user.id)) ?? (await this.issueCalendar(user.id, false))
    return this.presentCalendar(token, siteUrl)
  }

  /** A new calendar address; the old one stops working at once. */
  async newCalendarLink(user: AuthUser, siteUrl: string): Promise<CalendarLink> {
    return this.presentCalendar(await this.issueCalendar(user.id, true), siteUrl)
  }

  /**
   * The feed behind a calendar link: its ETag is the lineup's and my schedule's version, so an
   * unchanged calendar costs a remembered lookup (by the link itself: no hashing) and no query.
   */
  async calendar(
    token: string,
    request: { host: () => string; ifNoneMatch: (etag: string) => boolean },
  ): Promise<CalendarAnswer> {
    let found = this.calendars.get(token)
    if (!found) {
      const hash = keyedHash(this.deps.keys.calendarLookup, token)
      const row = await findScheduleByCalendar(this.deps.database.db, hash)
      if (!row) throw notFound('This calendar does not exist', 'calendar_not_found')
      found = { userId: row.user_id, version: Number(row.version) }
      this.calendars.set(token, found)
      this.calendarOfUser.set(row.user_id, token)
    }
    const lineupEtag = (await this.deps.lineup.currentEtag()) ?? '"none"'
    const etag = `"${lineupEtag.slice(1, -1)}.${found.version}"`
    if (request.ifNoneMatch(etag)) return { etag }
    const [snapshot, rows] = await Promise.all([
      this.deps.lineup.current(),
      listStars(this.deps.database.db, found.userId),
    ])
    const sets = snapshot?.sets ?? []
    const byKey = setsByKey(sets)
    const starred = rows
      .map((row) => currentSetOf({ key: row.set_key, seen: fromJson(row) }, byKey, sets))
      .filter((set): set is LineupSet => set !== undefined)
    const body = calendarFeed({
      festival: this.deps.festival.name,
      timeZone: this.deps.festival.timeZone,
      host: request.host(),
      sets: starred,
      stamp: snapshot?.lastUpdated ?? 0,
    })
    return { etag, body }
  }

  private forgetCalendarOf(userId: string): void {
    const token = this.calendarOfUser.get(userId)
    if (token) this.calendars.delete(token)
  }

  /** Ends the follows between two people, both ways, in a block's transaction. */
  endFollowsBetween(trx: WriteHandle, a: string, b: string): Promise<void> {
    return deleteFollowsBetween(trx, a, b)
  }

  /** My schedule, stars and follows for my data export. */
  personalData(userId: string) {
    return schedulePersonalData(this.deps.database, this.deps.people, userId)
  }

  private hiddenFor(userId: string): Promise<ReadonlySet<string>> {
    return this.deps.hiddenFor?.(userId) ?? Promise.resolve(new Set<string>())
  }

  /**
   * Whose share link this is. A link of someone blocked either way shows the viewer nothing: it
   * answers as a link that does not exist.
   */
  private async ownerOfShare(code: string, viewerId: string): Promise<string> {
    const hash = keyedHash(this.deps.keys.shareLookup, code)
    const [row, hidden] = await Promise.all([
      findScheduleByShare(this.deps.database.db, hash),
      this.hiddenFor(viewerId),
    ])
    if (!row || hidden.has(row.user_id)) {
      throw notFound('This share link does not exist or was replaced', 'share_not_found')
    }
    return row.user_id
  }

  private async storedShare(userId: string): Promise<string | null> {
    const row = await findSchedule(this.deps.database.db, userId)
    return row?.share_cipher ? unseal(this.deps.keys.shareDisplay, row.share_cipher) : null
  }

  private async storedCalendar(userId: string): Promise<string | null> {
    const row = await findSchedule(this.deps.database.db, userId)
    return row?.calendar_cipher ? unseal(this.deps.keys.calendarDisplay, row.calendar_cipher) : null
  }

  /**
   * A new share code, saved. A first one (`replace` false) loses to another first use that saved
   * its code a moment before (two devices, a retried request): that code is the link, as the
   * other caller was told, instead of one that stops working at once.
   */
  private async issueShare(userId: string, replace: boolean): Promise<string> {
    const code = newSecret(16)
    const saved = await writeTransaction(this.deps.database, (trx) =>
      saveShareLink(
        trx,
        userId,
        {
          share_hash: keyedHash(this.deps.keys.shareLookup, code),
          share_cipher: seal(this.deps.keys.shareDisplay, code),
        },
        replace,
      ),
    )
    return saved ? code : this.storedOrFail(await this.storedShare(userId), 'share link')
  }

  /** A new calendar token, saved; a first one as `issueShare` says. */
  private async issueCalendar(userId: string, replace: boolean): Promise<string> {
    const token = newSecret(24)
    const saved = await writeTransaction(this.deps.database, (trx) =>
      saveCalendarLink(
        trx,
        userId,
        {
          calendar_hash: keyedHash(this.deps.keys.calendarLookup, token),
          calendar_cipher: seal(this.deps.keys.calendarDisplay, token),
        },
        replace,
      ),
    )
    this.forgetCalendarOf(userId)
    return saved ? token : this.storedOrFail(await this.storedCalendar(userId), 'calendar address')
  }

  private storedOrFail(stored: string | null, what: string): string {
    // Not saved because one was there: it is only gone if the account was deleted meanwhile.
    if (stored === null) throw new Error(`The ${what} was neither saved nor found`)
    return stored
  }

  private presentShare(code: string, siteUrl: string): ShareLink {
    return { code, url: `${siteUrl}/?picks=${code}` }
  }

  private presentCalendar(token: string, siteUrl: string): CalendarLink {
    const httpsUrl = `${siteUrl}/calendar/${token}.ics`
    return { url: httpsUrl.replace(/^https?:/, 'webcal:'), httpsUrl }
  }
}
