import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { type AppDatabase, afterCommit, writeTransaction } from './database'
import { RootHandleInsideWriteError } from './write-guard'

describe('the write path and its guard', () => {
  let testDatabase: TestDatabase
  let database: AppDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    database = testDatabase.open()
    const { migrateToLatest } = await import('./migrate')
    await migrateToLatest(database)
  })
  afterAll(async () => {
    await database.close()
    await testDatabase.drop()
  })

  const counter = () => ({ name: `guard-${randomUUID()}`, value: 1 })
  const stored = async (name: string) =>
    (await database.db.selectFrom('counters').select('name').where('name', '=', name).execute())
      .length

  it('throws when work uses the root handle, and the writes beside it still commit', async () => {
    const [before, after] = [counter(), counter()]
    const results = await Promise.allSettled([
      writeTransaction(database, (trx) => trx.insertInto('counters').values(before).execute()),
      writeTransaction(database, async () => {
        // The mistake: on SQLite this waits for the batch it is part of, forever.
        await database.db.selectFrom('counters').selectAll().execute()
      }),
      writeTransaction(database, (trx) => trx.insertInto('counters').values(after).execute()),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(RootHandleInsideWriteError)
    expect(await stored(before.name)).toBe(1)
    expect(await stored(after.name)).toBe(1)
  })

  it('refuses a write transaction inside another one', async () => {
    await expect(
      writeTransaction(database, () => writeTransaction(database, async () => 1)),
    ).rejects.toThrow(/inside writeTransaction/)
  })

  it('runs after-commit hooks once the write committed, and never for one rolled back', async () => {
    const heard: string[] = []
    const kept = counter()
    await writeTransaction(database, async (trx) => {
      await trx.insertInto('counters').values(kept).execute()
      afterCommit(trx, () => heard.push(`committed: ${kept.name}`))
      // Not yet: the transaction is still open.
      expect(heard).toEqual([])
    })
    expect(heard).toEqual([`committed: ${kept.name}`])

    const undone = counter()
    await expect(
      writeTransaction(database, async (trx) => {
        await trx.insertInto('counters').values(undone).execute()
        afterCommit(trx, () => heard.push(`committed: ${undone.name}`))
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(heard).toHaveLength(1)
    expect(await stored(undone.name)).toBe(0)
  })

  it('afterCommit refuses a handle that writeTransaction did not give', () => {
    expect(() => afterCommit(database.db as never, () => {})).toThrow(/afterCommit needs/)
  })
})
