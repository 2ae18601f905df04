import type SqliteDatabase from 'better-sqlite3'
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely'
import { LRUCache } from 'lru-cache'

// The app's queries are a few dozen shapes; `in (…)` lists of varying length add a few more.
const MAX_CACHED_STATEMENTS = 500

/**
 * Kysely prepares every query anew, and parsing and planning the SQL cost about as much as running
 * a small indexed query. This hands Kysely the same prepared statement for the same SQL text.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const cache = new LRUCache<string, SqliteDatabase.Statement>({ max: MAX_CACHED_STATEMENTS })
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = cache.get(sqlText)
      // A statement being iterated (a streamed query) can't run again until it finishes.
      if (cached && !cached.busy) return cached
      const statement = sqlite.prepare(sqlText)
      cache.set(sqlText, statement)
      return statement
    },
  }
}
