import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { type AppDatabase, writeTransaction } from './database'

// Writes that arrive together share one commit (ADR 013), and still succeed or fail one by one.
describe('SQLite group commit', () => {
  let testDatabase: TestDatabase
  let database: AppDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite')
    database = testDatabase.open()
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(
      database.db,
    )
  })
  afterAll(async () => {
    await database.close()
    await testDatabase.drop()
  })

  const insert = (body: string) =>
    writeTransaction(database, (trx) => sql`insert into notes (body) values (${body})`.execute(trx))

  /** What another connection sees: only what was committed. */
  const committedBodies = () => {
    const other = new SqliteDatabase(testDatabase.url.slice('sqlite:'.length), { readonly: true })
    try {
      const rows = other.prepare('select body from notes order by id').all() as { body: string }[]
      return rows.map((row) => row.body)
    } finally {
      other.close()
    }
  }

  it('commits writes that arrive together once, and answers each only after that commit', async () => {
    const before = { ...database.writes!.stats }
    const bodies = Array.from({ length: 40 }, (_, i) => `together ${i}`)
    await Promise.all(
      bodies.map(async (body) => {
        await insert(body)
        // Acknowledged means committed: another connection already sees it.
        expect(committedBodies()).toContain(body)
      }),
    )
    const commits = database.writes!.stats.commits - before.commits
    expect(database.writes!.stats.writes - before.writes).toBe(40)
    expect(commits).toBeGreaterThanOrEqual(1)
    expect(commits).toBeLessThan(40)
    expect(committedBodies()).toEqual(expect.arrayContaining(bodies))
  })

  it('rolls back and rejects only the write that failed, keeping its neighbours', async () => {
    const failing = writeTransaction(database, async (trx) => {
      await sql`insert into notes (body) values ('half done')`.execute(trx)
      throw new Error('changed my mind')
    })
    const duplicate = insert('together 0')
    const results = await Promise.allSettled([
      insert('neighbour before'),
      failing,
      duplicate,
      insert('neighbour after'),
    ])
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      message: 'changed my mind',
    })
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    })
    const stored = committedBodies()
    expect(stored).toEqual(expect.arrayContaining(['neighbour before', 'neighbour after']))
    expect(stored).not.toContain('half done')
    expect(stored.filter((body) => body === 'together 0')).toHaveLength(1)
  })

  it('returns what the work returned, and keeps reads outside transactions working', async () => {
    const [id, count] = await Promise.all([
      writeTransaction(database, async (trx) => {
        const result = await sql`insert into notes (body) values ('returned')`.execute(trx)
        return Number(result.insertId)
      }),
      sql<{ n: number }>`select count(*) as n from notes`.execute(database.db),
    ])
    expect(id).toBeGreaterThan(0)
    expect(count.rows[0]!.n).toBeGreaterThan(0)
  })
})
