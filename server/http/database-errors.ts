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

/** True when an error means the database is unreachable or overloaded, so 503 is the answer. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (
    typeof code === 'string' &&
    (NODE_CONNECTION_CODES.has(code) || PG_UNAVAILABLE_STATES.has(code))
  )
    return true
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true
  if (typeof message === 'string') {
    return /timeout exceeded when trying to connect|Connection terminated|connection timeout/i.test(
      message,
    )
  }
  return false
}
