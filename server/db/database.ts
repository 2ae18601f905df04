import { resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, type KyselyPlugin, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { createOwnerOnlyFile } from './owner-only'
import type { Database } from './schema'
import { SqliteGroupCommit } from './sqlite-group-commit'
import { withStatementCache } from './statement-cache'
import { insideWrite, isInsideWrite, rootHandleGuard } from './write-guard'

export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseOptions {
  url: string
  poolMax?: number
  statementTimeoutMs?: number
  connectTimeoutMs?: number
  /**
   * Throw when the root handle is used inside `writeTransaction`'s work (on by default; the server
   * turns it off in production, where it would only cost time): on SQLite that query would wait
   * for the connection the batch holds, and deadlock every write.
   */
  guardWrites?: boolean
}

declare const writeBrand: unique symbol
/**
 * The handle `writeTransaction` gives its work, and the only one repository functions that write
 * accept: a write cannot be made outside a write transaction without a type error.
 */
export type WriteHandle = Kysely<Database> & { readonly [writeBrand]: true }

/** A Kysely handle plus what the app needs to know about the engine behind it. */
export interface AppDatabase {
  db: Kysely<Database>
  dialect: Dialect
  /** The pg pool, for LISTEN/NOTIFY; undefined on SQLite. */
  pool?: pg.Pool
  /** SQLite's write transactions, committed in groups; undefined on PostgreSQL. */
  writes?: SqliteGroupCommit
  /** Whether misuse of the root handle inside a write throws (`DatabaseOptions.guardWrites`). */
  guardWrites: boolean
  close(): Promise<void>
}

const PG_INT8_OID = 20

/** Opens the database named by a `sqlite:PATH` or `postgres://` URL. */
export function openDatabase(options: DatabaseOptions): AppDatabase {
  const guard = options.guardWrites ?? true
  const plugins = guard ? [rootHandleGuard] : []
  const database = options.url.startsWith('sqlite:')
    ? openSqlite(options.url.slice('sqlite:'.length), plugins)
    : openPostgres(options, plugins)
  return { ...database, guardWrites: guard }
}

function openSqlite(path: string, plugins: KyselyPlugin[]): Omit<AppDatabase, 'guardWrites'> {
  const file = path === ':memory:' ? path : resolve(path)
  // Owner-only before SQLite creates it with the umask's 0644: it holds password hashes.
  if (file !== ':memory:') createOwnerOnlyFile(file)
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  // FULL: an acknowledged write survives power loss, not only a process crash (ADR 006).
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  })
  return {
    db,
    dialect: 'sqlite',
    writes: new SqliteGroupCommit(db),
    close: () => db.destroy(),
  }
}

function openPostgres(
  options: DatabaseOptions,
  plugins: KyselyPlugin[],
): Omit<AppDatabase, 'guardWrites'> {
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
  // A client that loses its connection (PostgreSQL restart) must not crash the process: an idle
  // one reports it on the pool, and one checked out between two statements of a transaction on
  // itself, where an 'error' with no listener would end the process (the scale-out suite's outage
  // under load did that). The statement waiting on it fails, and the pool drops the client.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
  return {
    db,
    dialect: 'postgres',
    pool,
    close: () => db.destroy(),
  }
}

// What each write's work registered to run once its transaction has committed.
const commitHooks = new WeakMap<Kysely<Database>, Array<() => void>>()

/**
 * Runs `work` in a short write transaction: all of it or none of it is stored, and the promise
 * settles once that is durable. Every write of the app goes through here. On SQLite, writes that
 * arrive together share one IMMEDIATE transaction and its commit (`SqliteGroupCommit`, ADR 013),
 * each in a savepoint of its own. `work` must use only the handle it is given (the guard throws
 * otherwise, outside production) and wait on nothing but the database.
 */
export async function writeTransaction<T>(
  database: AppDatabase,
  work: (trx: WriteHandle) => Promise<T>,
): Promise<T> {
  if (database.guardWrites && isInsideWrite()) {
    throw new Error('writeTransaction inside writeTransaction: use the handle you were given')
  }
  const hooks: Array<() => void> = []
  let workFailure: { error: unknown } | undefined
  const run = async (handle: Kysely<Database>) => {
    // Its own handle per write (SQLite's writes share one connection), so hooks find their write,
    // and without the root's guard plugin, so only the root handle is refused inside the work.
    const own = handle.withoutPlugins() as WriteHandle
    commitHooks.set(own, hooks)
    try {
      return await (database.guardWrites ? insideWrite(() => work(own)) : work(own))
    } catch (error) {
      workFailure = { error }
      throw error
    }
  }
  let result: T
  try {
    result = database.writes
      ? await database.writes.run(run)
      : await database.db.transaction().execute(run)
  } catch (error) {
    throw firstFailure(workFailure, error)
  }
  for (const hook of hooks) hook()
  return result
}

/**
 * The error a failed write reports: the work's own, when it failed. Kysely rolls a failed
 * transaction back and throws the rollback's error if that fails too (its connection was lost),
 * which would hide what went wrong first (a unique violation answered 503 instead of 409, a log
 * naming the rollback). The rollback's error stays on it, for the log.
 */
function firstFailure(workFailure: { error: unknown } | undefined, thrown: unknown): unknown {
  if (!workFailure || workFailure.error === thrown) return thrown
  const first = workFailure.error
  if (first instanceof Error && Object.isExtensible(first)) {
    Object.assign(first, { rollbackError: thrown })
  }
  return first
}

/**
 * Runs `hook` once the write transaction of `trx` has committed, and never if it rolls back:
 * for telling others about what the transaction did (caches, live sockets).
 */
export function afterCommit(trx: WriteHandle, hook: () => void): void {
  const hooks = commitHooks.get(trx)
  if (!hooks) throw new Error('afterCommit needs the handle writeTransaction gave its work')
  hooks.push(hook)
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
