import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Person } from '../../shared/schedule/schedule.schema'
import {
  type FeedPage,
  FeedPageSchema,
  type Vibe,
  type VibeInput,
} from '../../shared/vibes/vibe.schema'
import type { AuthUser } from '../auth/auth-deps'
import { type AppDatabase, afterCommit, type WriteHandle, writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/database-errors'
import type { ChangeBus, ChangeEvent } from '../events/change-bus'
import { AppError, forbidden, notFound } from '../http/app-error'
import { ResponseCache } from '../http/response-cache'
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor'
import { presentVibe } from './vibes.presenter'
import {
  findVibeById,
  findVibeByUser,
  findVibesByUsers,
  insertVibe,
  listFeedPage,
  updateVibe,
  type VibeRow,
} from './vibes.repository'

interface VibesDeps {
  database: AppDatabase
  changes: ChangeBus
  now: () => number
  log: FastifyBaseLogger
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
  async personalData(userId: string): Promise<{ vibe: Vibe | null }> {
    const row = await findVibeByUser(this.deps.database.db, userId)
    return { vibe: row ? presentVibe(row) : null }
  }

  async mine(user: AuthUser): Promise<Vibe | null> {
    const row = await findVibeByUser(this.deps.database.db, user.id)
    return row ? presentVibe(row) : null
  }

  async hasVibe(userId: string): Promise<boolean> {
    return (await findVibeByUser(this.deps.database.db, userId)) !== undefined
  }

  /** One vibe as clients see it, or undefined when it is gone (the live channel's relay). */
  async find(id: string): Promise<Vibe | undefined> {
    const row = await findVibeById(this.deps.database.db, id)
    return row && presentVibe(row)
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
  async create(user: AuthUser, input: VibeInput): Promise<Vibe> {
    const now = this.deps.now()
    const row: VibeRow = {
      id: randomUUID(),
      user_id: user.id,
      ...fieldsOf(input),
      created_at: now,
      updated_at: now,
    }
    try {
      await writeTransaction(this.deps.database, async (trx) => {
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
    return presentVibe(row)
  }

  /** Updates a vibe the caller owns; the ownership check and the write share one transaction. */
  async update(user: AuthUser, id: string, input: VibeInput): Promise<Vibe> {
    const updated = await writeTransaction(this.deps.database, async (trx) => {
      const existing = await findVibeById(trx, id)
      if (!existing) throw notFound('There is no vibe with this id', 'vibe_not_found')
      if (existing.user_id !== user.id) throw forbidden('You can only update your own vibe')
      // Never before created_at, even if this instance's clock is behind the one that created it.
      const fields = {
        ...fieldsOf(input),
        updated_at: Math.max(this.deps.now(), Number(existing.created_at)),
      }
      await updateVibe(trx, id, fields)
      await this.deps.onWrite?.(trx, { userId: user.id, at: fields.updated_at, created: false })
      return { ...existing, ...fields }
    })
    await this.changed({ type: 'vibe', op: 'update', id, userId: user.id })
    return presentVibe(updated)
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
