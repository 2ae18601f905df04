import type pg from 'pg'

/** A PostgreSQL statement that runs prepared: parsed and planned once per pooled connection. */
export interface PreparedStatement {
  /** Unique in the app; the server knows the statement by it on each connection. */
  name: string
  /** SQL with `$1`, `$2`… placeholders. Lists its columns: see below. */
  text: string
}

/**
 * Runs a hot statement as a named prepared statement. Kysely sends every query unnamed, so
 * PostgreSQL parses and plans it on every call; for the refresh grant's four-part statement that
 * planning cost more than running it (pgbench: 1,926 tps unnamed, 4,542 prepared, here).
 * Only for statements that name their columns: a prepared `select *` fails with "cached plan must
 * not change result type" once a migration (from another instance, say) adds a column.
 */
export async function runPrepared<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await pool.query<Row>({ name: statement.name, text: statement.text, values })
  return result.rows
}
