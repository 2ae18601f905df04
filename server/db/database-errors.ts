/**
 * What a database error means to the app, on both engines, in one place: a write that lost to a
 * unique constraint, a reference to a row that is gone, or a database that cannot answer now.
 */
export type DatabaseErrorKind = 'unique' | 'foreign-key' | 'unavailable'

// Error codes that mean "the database cannot answer right now", not "the query is wrong".
const NODE_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])
// PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, connection failures,
// statement timeout / lock timeout (query_canceled).
const PG_UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '57014',
])
// node-postgres's own errors, which carry no code: a connection that could not be made in time or
// ended, and a statement sent on a client whose connection had already failed or closed: the
// next statement of a transaction whose connection was lost fails so, and its rollback too
// (lost-connection.postgres.test.ts).
const CONNECTION_LOST_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable/i
const KIND_BY_CODE: Record<string, DatabaseErrorKind> = {
  '23505': 'unique',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  '23503': 'foreign-key',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
  SQLITE_BUSY: 'unavailable',
  SQLITE_BUSY_SNAPSHOT: 'unavailable',
}

/** The kind of a database error, or undefined for anything else (a bug, most likely). */
export function classifyDatabaseError(error: unknown): DatabaseErrorKind | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    const kind = KIND_BY_CODE[code]
    if (kind) return kind
    if (NODE_CONNECTION_CODES.has(code) || PG_UNAVAILABLE_STATES.has(code)) return 'unavailable'
  }
  if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.test(message)) return 'unavailable'
  return undefined
}

/** True when a write lost to a unique constraint. */
export const isUniqueViolation = (error: unknown) => classifyDatabaseError(error) === 'unique'

/** True when a write referred to a row that is gone (a revoked session, say). */
export const isForeignKeyViolation = (error: unknown) =>
  classifyDatabaseError(error) === 'foreign-key'

/** True when the database is unreachable or overloaded, so 503 is the answer. */
export const isDatabaseUnavailable = (error: unknown) =>
  classifyDatabaseError(error) === 'unavailable'
