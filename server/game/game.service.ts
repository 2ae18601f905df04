import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { GameState, StageCheckIn } from '../../shared/game/game.schema'
import { type FestivalClock, festivalDayOf } from '../../shared/lineup/festival-day'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, afterCommit, type WriteHandle, writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import type { ChangeBus } from '../events/change-bus'
import { AppError } from '../http/app-error'
import type { RateLimiter } from '../rate-limit/rate-limiter'
import {
  countFriends,
  countInvite,
  countStages,
  findInvite,
  findInviteCode,
  findInviterByCode,
  insertAward,
  insertCheckIn,
  insertInvite,
  insertInviteCode,
  insertVibeDay,
  isInvitedBy,
  listAwards,
  listVibeDays,
  lockCrews,
} from './game.repository'
import type { GameRules, LevelGrant, QuestId } from './game-config'
import { gamePersonalData } from './game-personal-data'
import {
  BADGE_NAMES,
  completedQuests,
  gameState,
  levelFor,
  type Progress,
  pointsOf,
} from './game-rules'
import type { StageCodes } from './stage-codes'

/** What the game reads from other features, handed in by the app (server/app.ts). */
export interface GameSources {
  hasVibe(userId: string): Promise<boolean>
  /** When the user's current WiFi pass was taken (ms), if they have one. */
  passTakenAt(userId: string): Promise<number | undefined>
  accountCreatedAt(userId: string): Promise<number | undefined>
  /** The stages of the current lineup. */
  stages(): Promise<string[]>
  /** How many sets the user starred in My schedule (the planner). */
  starredSets(userId: string): Promise<number>
}

export interface GameDeps {
  database: AppDatabase
  changes: ChangeBus
  rules: GameRules
  clock: FestivalClock
  codes: StageCodes
  limiter: RateLimiter
  sources: GameSources
  now: () => number
  log: FastifyBaseLogger
}

const NOTED_DAYS_KEPT = 100_000
const INVITE_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'
const INVITE_CODE_LENGTH = 10

/**
 * The game (docs/game.md): quests checked against what the database holds, badges awarded once
 * per (user, badge), levels from points, and the WiFi allowance each level grants.
 */
export class GameService {
  /** The last festival day noted per user (bounded): the steady-state vibe update skips its insert. */
  private readonly notedDays = new LRUCache<string, string>({ max: NOTED_DAYS_KEPT })
  /** Players who hold the planner's badge already (awards are never taken back). */
  private readonly plannersDone = new LRUCache<string, true>({ max: NOTED_DAYS_KEPT })
  private dayOfMinute = { minute: Number.NaN, day: '' }

  constructor(private readonly deps: GameDeps) {}

  /** My game for my data export (docs/privacy.md). */
  personalData(userId: string) {
    return gamePersonalData(this.deps.database, userId)
  }

  /** My game as the "Your level" card shows it; badges earned meanwhile are awarded first. */
  async state(user: AuthUser, siteUrl: string): Promise<GameState> {
    return this.checkedState(user.id, siteUrl, false)
  }

  /** The stages of the current lineup (the stage-code pages list them). */
  stages(): Promise<string[]> {
    return this.deps.sources.stages()
  }

  /** A stage's code now, and when its screen should reload to show the next one. */
  stageScreen(stage: string): { code: string; reloadInSeconds: number } {
    const { codes, now } = this.deps
    const at = now()
    return {
      code: codes.current(stage, at),
      reloadInSeconds: Math.max(1, Math.ceil((codes.windowEndsAt(at) - at) / 1000)),
    }
  }

  /** What the user's current level grants at the WiFi portal. */
  async grantFor(userId: string): Promise<LevelGrant> {
    const progress = await this.progress(userId)
    return levelFor(this.deps.rules, pointsOf(this.deps.rules, progress))
  }

  /**
   * Checks every quest against the database and awards the badges newly earned: each once, even
   * when checks race (the award's key is (user, badge)). Tells the user's devices when anything
   * was awarded or `pointsChanged` says the points moved anyway (a stage, a friend).
   */
  async check(userId: string, pointsChanged = false): Promise<Progress> {
    const { rules, now } = this.deps
    const progress = await this.progress(userId)
    const due = completedQuests(rules, progress).filter((id) => !progress.awards.has(id))
    const unlocked: QuestId[] = []
    if (due.length > 0) {
      const at = now()
      await writeTransaction(this.deps.database, async (trx) => {
        for (const id of due) if (await insertAward(trx, userId, id, at)) unlocked.push(id)
      })
      // A racing check may have awarded some of them first: what is stored is what counts.
      const stored = await listAwards(this.deps.database.db, userId)
      progress.awards = new Map(stored.map((award) => [award.badge, Number(award.awarded_at)]))
    }
    if (unlocked.length > 0 || pointsChanged) await this.tell(userId, progress, unlocked)
    return progress
  }

  /** A vibe write's part of the game, inside its transaction: the festival day it happened on. */
  async recordVibeDay(
    trx: WriteHandle,
    userId: string,
    at: number,
    created: boolean,
  ): Promise<void> {
    const day = this.today(at)
    // Most updates come on a day already noted: no statement for them (rows are never deleted,
    // so a day remembered here is in the table; another instance's note only costs an insert).
    const known = this.notedDays.get(userId) === day
    const newDay = !known && (await insertVibeDay(trx, userId, day))
    if (!newDay && !created) {
      if (!known) afterCommit(trx, () => this.notedDays.set(userId, day))
      return
    }
    afterCommit(trx, () => {
      this.notedDays.set(userId, day)
      this.afterVibeWrite(userId, created).catch((error: unknown) =>
        this.deps.log.error({ err: error, userId }, 'game: checking quests after a vibe failed'),
      )
    })
  }

  /** A WiFi pass was taken (the early bird). */
  passTaken(userId: string): void {
    this.checkLater(userId)
  }

  /**
   * The user starred a set (the planner). Checked until the planner's badge is theirs: a handful
   * of checks per player, after which a star costs the game nothing.
   */
  starred(userId: string): void {
    if (!this.deps.rules.quests.planner || this.plannersDone.has(userId)) return
    this.check(userId)
      .then((progress) => {
        if (progress.awards.has('planner')) this.plannersDone.set(userId, true)
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, userId }, 'game: checking quests after a star failed'),
      )
  }

  /** Checks in at the stage whose current code was typed or scanned. */
  async checkIn(user: AuthUser, typed: string, siteUrl: string): Promise<StageCheckIn> {
    const { limiter, rules, codes, now } = this.deps
    await limiter.hit({ name: 'game:stage-code', max: rules.stageCodes.triesPerWindow }, user.id)
    const at = now()
    const match = codes.match(typed, await this.deps.sources.stages(), at)
    if (match.kind === 'invalid') {
      throw new AppError(
        400,
        'stage_code_invalid',
        'That stage code is not valid. Check the code shown at the stage and try again.',
      )
    }
    if (match.kind === 'expired') {
      throw new AppError(
        400,
        'stage_code_expired',
        `That code for ${match.stage} has expired. Scan the code shown at the stage now.`,
      )
    }
    const stored = await writeTransaction(this.deps.database, (trx) =>
      insertCheckIn(trx, {
        user_id: user.id,
        stage: match.stage,
        day: this.today(at),
        checked_in_at: at,
      }),
    )
    if (!stored) {
      throw new AppError(
        409,
        'already_checked_in',
        `You already checked in at ${match.stage} today. Come back tomorrow, or try another stage.`,
      )
    }
    this.deps.log.info({ userId: user.id, stage: match.stage }, 'game: stage check-in')
    return { stage: match.stage, game: await this.checkedState(user.id, siteUrl, true) }
  }

  /**
   * The user followed a friend's invite link: recorded once per account, for new accounts only,
   * never for one's own link nor for the link of a friend this user invited; it counts once the
   * user has a vibe.
   */
  async acceptInvite(user: AuthUser, code: string): Promise<boolean> {
    const { database, rules, now } = this.deps
    const inviterId = await findInviterByCode(database.db, code.trim().toLowerCase())
    if (!inviterId) {
      throw new AppError(404, 'invite_not_found', 'This invite link is not valid any more.')
    }
    if (inviterId === user.id) {
      throw new AppError(409, 'invite_own', 'This is your own invite link: share it with friends.')
    }
    const createdAt = await this.deps.sources.accountCreatedAt(user.id)
    const window = rules.invites.acceptWithinHours * 3_600_000
    if (createdAt === undefined || now() - createdAt > window) {
      throw new AppError(
        409,
        'invite_not_new',
        'Invite links are for new accounts: yours is older, so this one does not count.',
      )
    }
    const at = now()
    const accepted = await writeTransaction(database, async (trx) => {
      // Both crews locked: two friends following each other's links at once, one is refused.
      await lockCrews(trx, database.dialect, [user.id, inviterId])
      if (await isInvitedBy(trx, inviterId, user.id)) {
        throw new AppError(
          409,
          'invite_mutual',
          'You invited this friend, so their link does not count for you: you are crew already.',
        )
      }
      return insertInvite(trx, {
        invitee_id: user.id,
        inviter_id: inviterId,
        accepted_at: at,
        counted_at: null,
      })
    })
    if (accepted && (await this.deps.sources.hasVibe(user.id))) await this.countInvite(user.id)
    return accepted
  }

  private async afterVibeWrite(userId: string, created: boolean): Promise<void> {
    // A counted invite has checked this user already.
    if (created && (await this.countInvite(userId))) return
    await this.check(userId)
  }

  /**
   * The invite of a user who now has a vibe counts for both, within the inviter's cap; true when
   * it counted (and both were checked).
   */
  private async countInvite(inviteeId: string): Promise<boolean> {
    const crew = this.deps.rules.quests.crew
    const invite = await findInvite(this.deps.database.db, inviteeId)
    if (!crew || !invite || invite.counted_at !== null) return false
    const { database } = this.deps
    const counted = await writeTransaction(database, async (trx) => {
      await lockCrews(trx, database.dialect, [inviteeId, invite.inviter_id])
      return countInvite(trx, inviteeId, invite.inviter_id, crew.maxPerInviter, this.deps.now())
    })
    if (!counted) return false
    await this.check(invite.inviter_id, true)
    await this.check(inviteeId, true)
    return true
  }

  private checkLater(userId: string): void {
    this.check(userId).catch((error: unknown) =>
      this.deps.log.error({ err: error, userId }, 'game: checking quests failed'),
    )
  }

  private async progress(userId: string): Promise<Progress> {
    const { database, sources } = this.deps
    const db = database.db
    const [awards, vibeDays, stages, friends, hasVibe, passTakenAt, lineupStages, starredSets] =
      await Promise.all([
        listAwards(db, userId),
        listVibeDays(db, userId),
        countStages(db, userId),
        countFriends(db, userId),
        sources.hasVibe(userId),
        sources.passTakenAt(userId),
        sources.stages(),
        sources.starredSets(userId),
      ])
    return {
      hasVibe,
      vibeDays,
      passDay: passTakenAt === undefined ? null : this.today(passTakenAt),
      stages,
      stagesInLineup: lineupStages.length,
      friends,
      starredSets,
      awards: new Map(awards.map((award) => [award.badge, Number(award.awarded_at)])),
    }
  }

  /** The user's game after a check of the quests, with their invite link. */
  private async checkedState(
    userId: string,
    siteUrl: string,
    pointsChanged: boolean,
  ): Promise<GameState> {
    const [progress, code] = await Promise.all([
      this.check(userId, pointsChanged),
      this.inviteCode(userId),
    ])
    const inviteUrl = `${siteUrl}/?invite=${code}`
    return gameState(this.deps.rules, progress, this.today(this.deps.now()), inviteUrl)
  }

  /** The user's invite code, made on first use. */
  private async inviteCode(userId: string): Promise<string> {
    const existing = await findInviteCode(this.deps.database.db, userId)
    if (existing) return existing
    for (let attempt = 0; ; attempt++) {
      let code = ''
      for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(31)]
      try {
        await writeTransaction(this.deps.database, (trx) =>
          insertInviteCode(trx, userId, code, this.deps.now()),
        )
        break
      } catch (error) {
        // Another user's code, once in 10^14: draw again.
        if (!isUniqueViolation(error) || attempt >= 3) throw error
      }
    }
    // Two first visits at once: whichever stored its code first, that is the code.
    return (await findInviteCode(this.deps.database.db, userId))!
  }

  /** The festival day of an instant, by the festival's clock. */
  private today(at: number): string {
    // Festival days turn on a whole hour (zones differ by whole or half hours): one reading of
    // the clock per minute serves every write in it.
    const minute = Math.floor(at / 60_000)
    if (minute !== this.dayOfMinute.minute) {
      this.dayOfMinute = { minute, day: festivalDayOf(at, this.deps.clock) }
    }
    return this.dayOfMinute.day
  }

  /** Tells only this user's devices, on every instance, that their game changed. */
  private async tell(userId: string, progress: Progress, unlocked: QuestId[]): Promise<void> {
    const level = levelFor(this.deps.rules, pointsOf(this.deps.rules, progress)).level
    try {
      const badges = unlocked.map((id) => ({ id, name: BADGE_NAMES[id] }))
      await this.deps.changes.publish({ type: 'game', userId, level, unlocked: badges })
    } catch (error) {
      this.deps.log.warn({ err: error, userId }, 'game: could not publish a game change')
    }
  }
}
