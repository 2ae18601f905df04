import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'
import { SqliteGroupCommit } from './sqlite-group-commit'
import { withStatementCache } from './statement-cache'

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseOptions {
  url: string
  poolMax?: number
  statementTimeoutMs?: number
  connectTimeoutMs?: number
}

/** A Kysely handle plus what the app needs to know about the engine behind it. */
export interface AppDatabase {
  db: Kysely<Database>
  dialect: Dialect
  /** The pg pool, for LISTEN/NOTIFY; undefined on SQLite. */
  pool?: pg.Pool
  /** SQLite's write transactions, committed in groups; undefined on PostgreSQL. */
  writes?: SqliteGroupCommit
  close(): Promise<void>
}

const PG_INT8_OID = 20

/** Opens the database named by a `sqlite:PATH` or `postgres://` URL. */
export function openDatabase(options: DatabaseOptions): AppDatabase {
  if (options.url.startsWith('sqlite:')) return openSqlite(options.url.slice('sqlite:'.length))
  return openPostgres(options)
}

function openSqlite(path: string): AppDatabase {
  const file = path === ':memory:' ? path : resolve(path)
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  // FULL: an acknowledged write survives power loss, not only a process crash (ADR 006).
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
  return {
    db,
    dialect: 'sqlite',
    writes: new SqliteGroupCommit(db),
    close: () => db.destroy(),
  }
}

function openPostgres(options: DatabaseOptions): AppDatabase {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    statement_timeout: options.statementTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    // Times are bigint milliseconds; they fit a JS number exactly, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number.parseInt(value, 10)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client that loses its connection (PostgreSQL restart) must not crash the process.
  pool.on('error', () => {})
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    dialect: 'postgres',
    pool,
    close: () => db.destroy(),
  }
}

/**
 * Runs `work` in a short write transaction: all of it or none of it is stored, and the promise
 * settles once that is durable. On SQLite, writes that arrive together share one IMMEDIATE
 * transaction and its commit (`SqliteGroupCommit`, ADR 011), each in a savepoint of its own;
 * `work` must only use the handle it is given, and not wait on anything but the database.
 */
export async function writeTransaction<T>(
  database: AppDatabase,
  work: (trx: Transaction<Database> | Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (database.writes) return database.writes.run(work)
  return database.db.transaction().execute(work)
}

/** True when the database answers a trivial query. */
export async function pingDatabase(database: AppDatabase): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db)
    return true
  } catch {
    return false
  }
}
