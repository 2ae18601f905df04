import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type AppDatabase, openDatabase } from '../db/database'

export type TestDialect = 'sqlite' | 'postgres'

/** The database engine this test run targets (set per Vitest project). */
export function testDialect(): TestDialect {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
}

export interface TestDatabase {
  url: string
  open(): AppDatabase
  drop(): Promise<void>
}

/** A brand-new, empty database for one test file: a temp SQLite file or a fresh PG database. */
export async function createTestDatabase(dialect = testDialect()): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-test-'))
    const url = `sqlite:${join(dir, 'test.db')}`
    return {
      url,
      open: () => openDatabase({ url }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set, so PostgreSQL tests cannot run')
  const name = `vc_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString(), poolMax: 5 }),
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      )
    },
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
