import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import type { AppDatabase } from './database'

// ADR 006's choices for acknowledged writes, read back from a database as the app opens it.
describe('SQLite durability settings', () => {
  let testDatabase: TestDatabase
  let database: AppDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite')
    database = testDatabase.open()
  })
  afterAll(async () => {
    await database.close()
    await testDatabase.drop()
  })

  const pragma = async (name: string) => {
    const result = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)
    return Object.values(result.rows[0] ?? {})[0]
  }

  it('writes ahead to a log, syncs it on every commit, waits on locks and checks foreign keys', async () => {
    expect(await pragma('journal_mode')).toBe('wal')
    // 2 is FULL: a commit is on disk before it is acknowledged, even if the machine loses power.
    expect(await pragma('synchronous')).toBe(2)
    expect(await pragma('busy_timeout')).toBe(5000)
    expect(await pragma('foreign_keys')).toBe(1)
  })
})
