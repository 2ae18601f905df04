import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser } from '../test/auth-helpers'
import { createTestApp, type TestApp } from '../test/test-app'
import { backupSqlite } from './backup'
import { openDatabase } from './database'

describe('online SQLite backup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-backup-'))
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('copies a consistent snapshot while writes go on, and the copy restores', async () => {
    for (let i = 0; i < 5; i += 1) await signUpUser(t)
    const source = t.testDatabase.url.slice('sqlite:'.length)
    const backupFile = join(dir, 'backup.db')
    // Keep signing people up while the backup runs.
    const writes = Promise.all(Array.from({ length: 10 }, () => signUpUser(t)))
    let progressCalls = 0
    await backupSqlite(source, backupFile, () => {
      progressCalls += 1
    })
    await writes
    expect(progressCalls).toBeGreaterThan(0)

    // Restore: the copy becomes a database of its own, consistent with its own counter.
    const restoredFile = join(dir, 'restored.db')
    copyFileSync(backupFile, restoredFile)
    const restored = openDatabase({ url: `sqlite:${restoredFile}` })
    try {
      const users = await restored.db
        .selectFrom('users')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const counter = await restored.db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'users')
        .executeTakeFirstOrThrow()
      expect(Number(users.n)).toBeGreaterThanOrEqual(5)
      expect(Number(counter.value)).toBe(Number(users.n))
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        restored.db,
      )
      expect(check.rows[0]?.integrity_check).toBe('ok')
    } finally {
      await restored.close()
    }
  })
})
