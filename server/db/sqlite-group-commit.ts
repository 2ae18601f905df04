import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'

type Work<T> = (conn: Kysely<Database>) => Promise<T>

interface Queued {
  work: Work<unknown>
  resolve(value: unknown): void
  reject(error: unknown): void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

// Enough to share one fsync among every writer of a busy moment, few enough that the connection
// is not held for long while reads wait for it.
const MAX_BATCH = 64

/**
 * SQLite write transactions that arrive together share one commit (ADR 013). With
 * `synchronous = FULL` every commit is an fsync of the WAL, about 0.3 ms here, taken on the event
 * loop: one per request capped token refreshes near 1,400/s. Writes queued in the same turn of
 * the event loop, or while a batch is committing, run one after the other inside one IMMEDIATE
 * transaction, each in its own savepoint, so one that fails is rolled back alone and rejects alone.
 * Nobody is answered before the commit that made their write durable.
 */
export class SqliteGroupCommit {
  private queue: Queued[] = []
  private flushing = false
  /** Transactions committed and the writes they carried, for tests and diagnostics. */
  readonly stats = { commits: 0, writes: 0 }

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
      this.schedule()
    })
  }

  private schedule(): void {
    if (this.flushing) return
    this.flushing = true
    // After this turn's I/O callbacks: the requests read in it have queued their writes by then.
    setImmediate(() => void this.flush())
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH)
    try {
      const outcomes = await this.commit(batch)
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) batch[i]!.resolve(outcome.value)
        else batch[i]!.reject(outcome.error)
      })
    } catch (error) {
      // The transaction itself failed (disk full, I/O error): nothing in it was stored.
      for (const queued of batch) queued.reject(error)
    } finally {
      this.flushing = false
      if (this.queue.length > 0) this.schedule()
    }
  }

  private commit(batch: Queued[]): Promise<Outcome[]> {
    return this.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn)
      try {
        const outcomes: Outcome[] = []
        for (const queued of batch) outcomes.push(await inSavepoint(conn, queued.work))
        await sql`commit`.execute(conn)
        this.stats.commits += 1
        this.stats.writes += batch.length
        return outcomes
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => {})
        throw error
      }
    })
  }
}

/** Runs one writer's work; on failure undoes just that work and reports the error as its own. */
async function inSavepoint(conn: Kysely<Database>, work: Work<unknown>): Promise<Outcome> {
  await sql`savepoint one_write`.execute(conn)
  let outcome: Outcome
  try {
    outcome = { ok: true, value: await work(conn) }
  } catch (error) {
    // If this throws, SQLite ended the whole transaction: the batch fails as one.
    await sql`rollback to one_write`.execute(conn)
    outcome = { ok: false, error }
  }
  await sql`release one_write`.execute(conn)
  return outcome
}
