import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/test-app'
import type { AppDatabase, WriteHandle } from './database'
import { writeTransaction } from './database'
import { isDatabaseUnavailable } from './database-errors'

// What a PostgreSQL restart does to a connection checked out for a transaction, while the
// transaction waits on JavaScript between two statements: the client hears its connection end
// with no statement to fail. Unhandled, that 'error' ended the process (the scale-out suite's
// outage under load, 2026-11-29).
describe('a connection lost in the middle of a transaction (PostgreSQL)', () => {
  const t = useTestApp()

  it('fails that transaction as the database unavailable (503), and the process and the pool go on', async () => {
    const failure = await loseConnectionMidTransaction(t.database, async (trx) => {
      await sql`select 1`.execute(trx)
    })
    // The work's next statement then fails on the dead client ("Client has encountered a
    // connection error and is not queryable"), as does Kysely's rollback: an outage, which the
    // error handler must answer 503, not 500 (the scale-out suite saw a 500 once, in CI).
    expect(failure).toBeInstanceOf(Error)
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true)
    const next = await sql<{ one: number }>`select 1 as one`.execute(t.database.db)
    expect(next.rows).toEqual([{ one: 1 }])
  })

  it("reports the work's own error, not the rollback's that failed after it", async () => {
    const ownError = new Error('the work failed on its own')
    const failure = await loseConnectionMidTransaction(t.database, async () => {
      throw ownError
    })
    expect(failure).toBe(ownError)
    const { rollbackError } = failure as { rollbackError?: unknown }
    expect(isDatabaseUnavailable(rollbackError), String(rollbackError)).toBe(true)
  })
})

/**
 * Runs a write transaction whose connection is ended by the server after its first statement,
 * and `rest` once its client has heard of it; resolves to the error the transaction failed with.
 */
async function loseConnectionMidTransaction(
  database: AppDatabase,
  rest: (trx: WriteHandle) => Promise<void>,
): Promise<unknown> {
  let pid = 0
  let resume = () => {}
  const paused = new Promise<void>((resolve) => {
    resume = resolve
  })
  let started = () => {}
  const begun = new Promise<void>((resolve) => {
    started = resolve
  })
  const transaction = writeTransaction(database, async (trx) => {
    pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid
    started()
    await paused
    await rest(trx)
  })
  await begun
  await sql`select pg_terminate_backend(${pid})`.execute(database.db)
  // The client hears of it now, between the transaction's statements.
  await new Promise((resolve) => setTimeout(resolve, 300))
  resume()
  return transaction.then(
    () => undefined,
    (error: unknown) => error,
  )
}
