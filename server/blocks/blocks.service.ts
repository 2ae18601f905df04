import type { FastifyBaseLogger } from 'fastify'
import type { BlockList } from '../../shared/blocks/blocks.schema'
import type { Person } from '../../shared/schedule/schedule.schema'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import { isForeignKeyViolation } from '../db/database-errors'
import type { ChangeBus } from '../events/change-bus'
import { AppError } from '../http/app-error'
import {
  countBlockedBy,
  deleteBlock,
  insertBlock,
  listBlockedEitherWay,
  listBlocksBy,
} from './blocks.repository'
import { HiddenPeople } from './hidden-people'

export interface BlocksDeps {
  database: AppDatabase
  changes: ChangeBus
  now: () => number
  log: FastifyBaseLogger
  /** How people show in the app: their vibe's name and emoji (the vibes feature). */
  people(userIds: readonly string[]): Promise<Map<string, Person>>
  accountExists(userId: string): Promise<boolean>
  /** Other features' part of a block, in its transaction: the follows between the two end. */
  onBlock?(trx: WriteHandle, blockerId: string, blockedId: string): Promise<void>
}

const userNotFound = () => new AppError(404, 'user_not_found', 'There is no such person')
const SOMEONE = { username: 'A festival-goer', emoji: '🎉' }

/**
 * Blocks (docs/privacy.md): whom I blocked, and whom each person's screens hide (blocked either
 * way), which the feed, the live channel and shared schedules ask for.
 */
export class BlocksService {
  private readonly hidden: HiddenPeople
  private readonly stopWatching: () => void

  constructor(private readonly deps: BlocksDeps) {
    this.hidden = new HiddenPeople({
      read: (userId) => listBlockedEitherWay(deps.database.db, userId),
      now: deps.now,
      hearsEveryChange: () => deps.changes.delivering,
    })
    this.stopWatching = deps.changes.subscribe((event) => {
      if (event.type === 'block') this.hidden.forget(event.blockerId, event.blockedId)
      if (event.type === 'resync') this.hidden.forgetAll()
    })
  }

  /** Blocks someone (again: nothing changes); follows between the two end in the same write. */
  async block(user: AuthUser, blockedId: string): Promise<void> {
    if (blockedId === user.id) throw new AppError(400, 'block_self', 'You cannot block yourself')
    if (!(await this.deps.accountExists(blockedId))) throw userNotFound()
    const row = { blocker_id: user.id, blocked_id: blockedId, created_at: this.deps.now() }
    let added: boolean
    try {
      added = await writeTransaction(this.deps.database, async (trx) => {
        if (!(await insertBlock(trx, row))) return false
        await this.deps.onBlock?.(trx, user.id, blockedId)
        return true
      })
    } catch (error) {
      // The account was deleted meanwhile.
      if (isForeignKeyViolation(error)) throw userNotFound()
      throw error
    }
    if (added) await this.changed(user.id, blockedId)
  }

  /** Lifts my block; lifting one that is not there changes nothing. */
  async unblock(user: AuthUser, blockedId: string): Promise<void> {
    const removed = await writeTransaction(this.deps.database, (trx) =>
      deleteBlock(trx, user.id, blockedId),
    )
    if (removed) await this.changed(user.id, blockedId)
  }

  /** The people I blocked, most recent first. */
  async list(user: AuthUser): Promise<BlockList> {
    const rows = await listBlocksBy(this.deps.database.db, user.id)
    const people = await this.deps.people(rows.map((row) => row.blocked_id))
    return {
      blocked: rows.map((row) => ({
        ...(people.get(row.blocked_id) ?? { userId: row.blocked_id, ...SOMEONE }),
        blockedAt: new Date(Number(row.created_at)).toISOString(),
      })),
    }
  }

  /** Whom the user's screens hide: the people they blocked and those who blocked them. */
  hiddenFor(userId: string): Promise<ReadonlySet<string>> {
    return this.hidden.of(userId)
  }

  async blockedEitherWay(userId: string, otherId: string): Promise<boolean> {
    return (await this.hidden.of(userId)).has(otherId)
  }

  /**
   * My blocks for my data export: whom I blocked, and how many blocked me (not who: that is
   * theirs to keep, GDPR art. 15(4)).
   */
  async personalData(userId: string) {
    const [mine, blockedBy] = await Promise.all([
      listBlocksBy(this.deps.database.db, userId),
      countBlockedBy(this.deps.database.db, userId),
    ])
    const people = await this.deps.people(mine.map((row) => row.blocked_id))
    return {
      blocked: mine.map((row) => ({
        userId: row.blocked_id,
        username: people.get(row.blocked_id)?.username ?? null,
        blockedAt: new Date(Number(row.created_at)).toISOString(),
      })),
      blockedByCount: blockedBy,
    }
  }

  close(): void {
    this.stopWatching()
  }

  /** After the commit: forgotten here at once (the caller's next read is right), then told. */
  private async changed(blockerId: string, blockedId: string): Promise<void> {
    this.hidden.forget(blockerId, blockedId)
    try {
      await this.deps.changes.publish({ type: 'block', blockerId, blockedId })
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not publish a block')
    }
  }
}
