import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export interface BenchDatabase {
  /** `sqlite` or `postgres`: the label every figure carries. */
  kind: 'sqlite' | 'postgres'
  url: string
  /** A scratch folder for this run (mail outbox, SQLite file). */
  dir: string
  drop(): Promise<void>
}

/** A brand-new SQLite file in a temp folder, removed afterwards. */
export function tempSqlite(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-bench-'))
  return {
    kind: 'sqlite',
    url: `sqlite:${join(dir, 'bench.db')}`,
    dir,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** A fresh database on the PostgreSQL server at `serverUrl`, dropped afterwards. */
export async function tempPostgres(serverUrl: string): Promise<BenchDatabase> {
  const name = `vc_bench_${randomBytes(5).toString('hex')}`
  await admin(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-bench-'))
  return {
    kind: 'postgres',
    url: url.toString(),
    dir,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true })
      await admin(serverUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
