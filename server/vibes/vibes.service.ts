import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Person } from '../../shared/schedule/schedule.schema'
import {
  type FeedPage,
  FeedPageSchema,
  type OwnVibe,
  type VibeInput,
} from '../../shared/vibes/vibe.schema'
import { vibeVersionTag } from '../../shared/vibes/vibe-version'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, afterCommit, type WriteHandle, writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import type { ChangeBus, ChangeEvent } from '../events/change-bus'
import { AppError, forbidden, notFound } from '../http/app-error'
import { ifMatchHolds } from '../http/if-match'
import { ResponseCache } from '../http/response-cache'
import { usernameKey } from '../safety/look-alikes'
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor'
import { presentOwnVibe, presentVibe } from './vibes.presenter'
import {
  findVibeById,
  findVibeByUser,
  findVibesByIds,
  findVibesByUsers,
  findVibesWithoutUsernameKey,
  insertVibe,
  listFeedPage,
  lockUsernameKey,
  setModeration,
  setUsernameKey,
  updateVibe,
  usernameKeyTaken,
  type VibeRow,
} from './vibes.repository'

/**
 * What a vibe write must pass besides its schema, handed in by the safety feature (server/app.ts):
 * the writer is not suspended, and the text holds no word of the organiser's list.
 */
export interface VibeRules {
  /** Throws `account_suspended` (403) while the user is suspended. */
  checkWriter(userId: string): Promise<void>
  /** Throws `vibe_held_back` (422) when the username or status holds a listed word. */
  checkText(input: VibeInput): void
}

/** A moderation change of a vibe, made in the safety feature's transaction. */
export interface ModerationChange {
  from: readonly VibeRow['moderation'][]
  to: VibeRow['moderation']
  reason: string | null
  /** How the live channel tells clients: `insert` when it comes back into the feed. */
  op: 'insert' | 'update'
}

interface VibesDeps {
  database: AppDatabase
  changes: ChangeBus
  now: () => number
  log: FastifyBaseLogger
  /** The safety feature's checks of every write (suspensions, the word list). */
  rules?: VibeRules
  /** Another feature's part of a vibe write, in its transaction (the game's festival days). */
  onWrite?: (
    trx: WriteHandle,
    write: { userId: string; at: number; created: boolean },
  ) => Promise<void>
  /** Whose vibes the user's feed hides (blocked either way, docs/privacy.md). */
  hiddenFor?: (userId: string) => Promise<ReadonlySet<string>>
}

/** The vibes feature: the feed (with its cached first page, ADR 010), my vibe, and its writes. */
export class VibesService {
  // The first page is the same for everyone until a vibe changes: read once, kept as JSON.
  private readonly firstPages: ResponseCache<number>
  private readonly stopWatching: () => void

  constructor(private readonly deps: VibesDeps) {
    this.firstPages = new ResponseCache(FeedPageSchema, (limit) => this.readPage(limit), deps.now)
    // Other instances' writes arrive through the bus; a resync means some may have been missed.
    this.stopWatching = deps.changes.subscribe((event) => {
      if (event.type === 'vibe' || event.type === 'resync') this.firstPages.invalidate()
    })
  }

  /**
   * The first feed page as `viewerId` sees it, as JSON text: the page everyone shares (checked
   * against FeedPageSchema when it was built), less the vibes of people blocked either way
   * (ADR 032). Pages may come out shorter; the cursor is the shared page's.
   */
  async firstPageJson(limit: number, viewerId: string): Promise<string> {
    const [json, hidden] = await Promise.all([this.firstPages.get(limit), this.hiddenFor(viewerId)])
    return withoutHidden(json, hidden)
  }

  /** A later page, after the cursor the previous page handed out, as `viewerId` sees it. */
  async pageAfter(cursor: string, limit: number, viewerId: string): Promise<FeedPage> {
    const [page, hidden] = await Promise.all([
      this.readPage(limit, cursor),
      this.hiddenFor(viewerId),
    ])
    if (hidden.size === 0) return page
    return { ...page, vibes: page.vibes.filter((vibe) => !hidden.has(vibe.userId)) }
  }

  /**
   * In an account's deletion, before its rows go: once it commits, this instance's first page
   * forgets the vibe and every instance's open apps drop it (the cascade deletes it unannounced).
   */
  async accountDeleting(trx: WriteHandle, userId: string): Promise<void> {
    const row = await findVibeByUser(trx, userId)
    if (!row) return
    afterCommit(trx, () => void this.changed({ type: 'vibe', op: 'delete', id: row.id, userId }))
  }

  /** My vibe for my data export. */
  async personalData(userId: string): Promise<{ vibe: OwnVibe | null }> {
    const row = await findVibeByUser(this.deps.database.db, userId)
    return { vibe: row ? presentOwnVibe(row) : null }
  }

  /** My vibe, with where it stands with the moderators (only its author is told). */
  async mine(user: AuthUser): Promise<OwnVibe | null> {
    const row = await findVibeByUser(this.deps.database.db, user.id)
    return row ? presentOwnVibe(row) : null
  }

  async hasVibe(userId: string): Promise<boolean> {
    return (await findVibeByUser(this.deps.database.db, userId)) !== undefined
  }

  /**
   * One vibe as its author sees it (with its moderation state), or undefined when it is gone:
   * the live channel's relay, which sends everyone else a delete unless it is visible.
   */
  async find(id: string): Promise<OwnVibe | undefined> {
    const row = await findVibeById(this.deps.database.db, id)
    return row && presentOwnVibe(row)
  }

  /** These vibes as their authors see them, by id (the moderators' queue). */
  async findMany(ids: readonly string[]): Promise<Map<string, OwnVibe>> {
    const rows = await findVibesByIds(this.deps.database.db, [...new Set(ids)])
    return new Map(rows.map((row) => [row.id, presentOwnVibe(row)]))
  }

  /** The author of a vibe, or undefined when there is none with this id. */
  async authorOf(id: string): Promise<string | undefined> {
    return (await findVibeById(this.deps.database.db, id))?.user_id
  }

  /**
   * Moves a vibe to another moderation state in the caller's (the safety feature's) transaction;
   * once it commits, the feed's first page is dropped and live clients are told (everyone but
   * the author gets a delete while it is not visible). Undefined when the vibe is gone or was
   * not in a state of `change.from`.
   */
  async moderate(
    trx: WriteHandle,
    id: string,
    change: ModerationChange,
  ): Promise<OwnVibe | undefined> {
    const row = await setModeration(trx, id, change)
    if (!row) return undefined
    afterCommit(trx, () => {
      void this.changed({ type: 'vibe', op: change.op, id, userId: row.user_id })
    })
    return presentOwnVibe(row)
  }

  /**
   * Gives every vibe stored before usernames had keys (migration 008) its key, at start-up and
   * before any write checks one. Look-alike names already taken twice keep their rows: only a
   * new or changed name is compared.
   */
  async fillUsernameKeys(batch = 500): Promise<number> {
    let filled = 0
    for (;;) {
      const rows = await findVibesWithoutUsernameKey(this.deps.database.db, batch)
      if (rows.length === 0) return filled
      await writeTransaction(this.deps.database, async (trx) => {
        for (const row of rows) await setUsernameKey(trx, row.id, usernameKey(row.username))
      })
      filled += rows.length
    }
  }

  /** How these users show in the app (their vibe's name and emoji); those without a vibe are left out. */
  async people(userIds: readonly string[]): Promise<Map<string, Person>> {
    const rows = await findVibesByUsers(this.deps.database.db, userIds)
    return new Map(
      rows.map((row) => [
        row.user_id,
        { userId: row.user_id, username: row.username, emoji: row.emoji },
      ]),
    )
  }

  /** Creates the caller's one vibe; a second one (even from a racing tab) answers 409. */
  async create(user: AuthUser, input: VibeInput): Promise<OwnVibe> {
    await this.checkRules(user.id, input)
    const now = this.deps.now()
    const row: VibeRow = {
      id: randomUUID(),
      user_id: user.id,
      ...fieldsOf(input),
      created_at: now,
      updated_at: now,
      moderation: 'visible',
      moderation_reason: null,
      username_key: usernameKey(input.username),
    }
    try {
      await writeTransaction(this.deps.database, async (trx) => {
        await this.claimUsername(trx, user.id, row.username_key!)
        await insertVibe(trx, row)
        await this.deps.onWrite?.(trx, { userId: user.id, at: now, created: true })
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, 'vibe_already_exists', 'You already have a vibe; update it instead')
      }
      throw error
    }
    await this.changed({ type: 'vibe', op: 'insert', id: row.id, userId: user.id })
    return presentOwnVibe(row)
  }

  /**
   * Updates a vibe the caller owns; the ownership check and the write share one transaction. With
   * `ifMatch` (an `If-Match` header: an update made offline, sent later), only if the vibe is
   * still the version it names, so a late update never overwrites a newer one from elsewhere.
   */
  async update(user: AuthUser, id: string, input: VibeInput, ifMatch?: string): Promise<OwnVibe> {
    await this.checkRules(user.id, input)
    const key = usernameKey(input.username)
    const updated = await writeTransaction(this.deps.database, async (trx) => {
      const existing = await findVibeById(trx, id)
      if (!existing) throw notFound('There is no vibe with this id', 'vibe_not_found')
      if (existing.user_id !== user.id) throw forbidden('You can only update your own vibe')
      if (
        ifMatch !== undefined &&
        !ifMatchHolds(ifMatch, vibeVersionTag(Number(existing.updated_at)))
      ) {
        throw new AppError(
          412,
          'vibe_changed',
          'Your vibe was changed on another device after this update was made',
        )
      }
      // A name kept as it was is not compared again (two look-alikes from before migration 008).
      if (existing.username !== input.username) await this.claimUsername(trx, user.id, key)
      // Never before created_at, even if this instance's clock is behind the one that created it.
      // The moderation state is written only when this update changes it: a report that hides
      // the vibe meanwhile must not be undone by an update that read it visible.
      const cameBack = comesBack(existing, input)
      const fields = {
        ...fieldsOf(input),
        username_key: key,
        updated_at: Math.max(this.deps.now(), Number(existing.created_at)),
        ...(cameBack ? { moderation: 'visible' as const, moderation_reason: null } : {}),
      }
      await updateVibe(trx, id, fields)
      await this.deps.onWrite?.(trx, { userId: user.id, at: fields.updated_at, created: false })
      return { ...existing, ...fields, cameBack }
    })
    // Back in the feed after a removal: clients that dropped it insert it again.
    const op = updated.cameBack ? 'insert' : 'update'
    await this.changed({ type: 'vibe', op, id, userId: user.id })
    return presentOwnVibe(updated)
  }

  /** Throws unless the user may write a vibe now and its text passes the word list. */
  private async checkRules(userId: string, input: VibeInput): Promise<void> {
    const { rules } = this.deps
    if (!rules) return
    // A suspended user hears that first: what they wrote is not the problem.
    await rules.checkWriter(userId)
    rules.checkText(input)
  }

  /**
   * Refuses a username that another user's looks just like (case, accents, look-alike letters):
   * 409 `username_taken`. The folded name is locked until the write commits (PostgreSQL; SQLite
   * writes one at a time), so of two accounts claiming it at once, one wins.
   */
  private async claimUsername(trx: WriteHandle, userId: string, key: string): Promise<void> {
    await lockUsernameKey(trx, this.deps.database.dialect, key)
    if (await usernameKeyTaken(trx, key, userId)) {
      throw new AppError(
        409,
        'username_taken',
        'Someone already goes by this username, or by one that looks just like it (look-alike letters count as the same): choose another',
      )
    }
  }

  close(): void {
    this.stopWatching()
  }

  private hiddenFor(userId: string): Promise<ReadonlySet<string>> {
    return this.deps.hiddenFor?.(userId) ?? Promise.resolve(NOBODY)
  }

  private async readPage(limit: number, cursor?: string): Promise<FeedPage> {
    const after = cursor === undefined ? undefined : decodeFeedCursor(cursor)
    const rows = await listFeedPage(this.deps.database.db, { after, limit })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      vibes: page.map(presentVibe),
      nextCursor: rows.length > limit && last ? encodeFeedCursor(last) : null,
    }
  }

  /**
   * After a write has committed: this instance's first page is stale now (the writer reads its
   * own write), and every instance hears of it through the bus. A lost notification must not
   * turn the write into an error: live clients resync on reconnect, which covers a missed event.
   */
  private async changed(event: ChangeEvent): Promise<void> {
    this.firstPages.invalidate()
    try {
      await this.deps.changes.publish(event)
    } catch (error) {
      this.deps.log.warn({ err: error, event }, 'could not publish a vibe change')
    }
  }
}

/**
 * A vibe a moderator removed comes back into the feed when its author changes what was removed
 * (its username or status; the word list has passed by then). A hidden one stays hidden until a
 * moderator looks at it, whatever is changed meanwhile.
 */
function comesBack(existing: VibeRow, input: VibeInput): boolean {
  if (existing.moderation !== 'removed') return false
  return existing.username !== input.username || existing.status !== input.status
}

const NOBODY: ReadonlySet<string> = new Set()

/**
 * The shared page's JSON without the hidden people's vibes. Most viewers hide nobody, or nobody
 * on this page: a substring test per hidden person (`"userId":"…"` cannot occur inside a status,
 * where JSON escapes the quotes) keeps the shared text as it is, unparsed.
 */
function withoutHidden(json: string, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return json
  let onPage = false
  for (const userId of hidden) {
    if (json.includes(`"userId":${JSON.stringify(userId)}`)) {
      onPage = true
      break
    }
  }
  if (!onPage) return json
  const page = JSON.parse(json) as FeedPage
  return JSON.stringify({ ...page, vibes: page.vibes.filter((vibe) => !hidden.has(vibe.userId)) })
}

// Only the listed fields reach the database, whatever else the caller's object carries.
const fieldsOf = ({ username, emoji, status }: VibeInput) => ({ username, emoji, status })
