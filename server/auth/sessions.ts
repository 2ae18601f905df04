import { type AppDatabase, afterCommit, type WriteHandle } from '../db/database'
import type { AuthSessionsTable } from '../db/schema'
import type { ChangeBus } from '../events/change-bus'
import { RecentSessions } from './recent-sessions'
import {
  deleteSessions,
  insertSession,
  type SessionFilter,
  sessionExists,
} from './sessions.repository'

/**
 * Sessions: where they start, the one place they end, and the one check of whether one is still
 * active. Every ending is announced after its commit, the same way whatever ended it: this
 * instance stops trusting the session at once, and on SQLite the change bus tells the live
 * channel (on PostgreSQL a trigger on the table tells every instance, migration 004). A test
 * fails if any other code deletes from `auth_sessions`.
 */
export class Sessions {
  /** Sessions found active in the last minute (ADR 015): the data API does not read them again. */
  readonly recent: RecentSessions

  constructor(
    private readonly deps: { database: AppDatabase; changes: ChangeBus; now: () => number },
  ) {
    this.recent = new RecentSessions({
      now: deps.now,
      hearsEveryEnd: () => deps.changes.delivering,
    })
    deps.changes.subscribe((event) => {
      // Ended on another instance (PostgreSQL's trigger), or "you may have missed some".
      if (event.type === 'session-ended') this.recent.forget([event.id])
      if (event.type === 'resync') this.recent.forgetAll()
    })
  }

  start(trx: WriteHandle, session: AuthSessionsTable): Promise<void> {
    return insertSession(trx, session)
  }

  /**
   * Ends the sessions `filter` names, in the caller's transaction; once it commits, they are
   * forgotten here and announced. Returns how many ended.
   */
  async end(trx: WriteHandle, filter: SessionFilter): Promise<number> {
    const ended = await deleteSessions(trx, filter)
    if (ended.length > 0) afterCommit(trx, () => this.announce(ended))
    return ended.length
  }

  /**
   * True when the session exists and belongs to the user. With `trustRecent`, a session found
   * active within the last minute is not read again (ADR 015).
   */
  async isActive(sessionId: string, userId: string, trustRecent = false): Promise<boolean> {
    if (trustRecent && this.recent.has(sessionId, userId)) return true
    const remember = this.recent.beginCheck()
    if (!(await sessionExists(this.deps.database.db, sessionId, userId))) return false
    remember(sessionId, userId)
    return true
  }

  private announce(sessionIds: string[]): void {
    this.recent.forget(sessionIds)
    if (this.deps.database.dialect === 'postgres') return
    for (const id of sessionIds) void this.deps.changes.publish({ type: 'session-ended', id })
  }
}
