import { readFileSync } from 'node:fs'
import os from 'node:os'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'

export interface Machine {
  cores: number
  cpu: string
  memoryGb: number
  node: string
  os: string
  /** The soft open-file limit the bench (and so the server it starts) runs under. */
  openFileLimit: string
  databases: string[]
  /** The load generators run here too, competing with the server for the same cores. */
  generator: string
  /** 1-minute load average before the run: anything well above 0 was other work on the cores. */
  loadBefore: number
  loadAfter?: number
}

/** What the figures were measured on, so a table is never read without its machine. */
export async function describeMachine(postgresUrl: string | undefined): Promise<Machine> {
  const databases = [`SQLite ${sqliteVersion()} (better-sqlite3, WAL, synchronous=FULL)`]
  if (postgresUrl) databases.push(`PostgreSQL ${await postgresVersion(postgresUrl)}`)
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    openFileLimit:
      /^Max open files\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? '?',
    databases,
    generator: 'same machine: autocannon and the WebSocket clients run in child processes',
    loadBefore: currentLoad(),
  }
}

export const currentLoad = () => Math.round(os.loadavg()[0]! * 100) / 100

function sqliteVersion(): string {
  const db = new SqliteDatabase(':memory:')
  try {
    return (db.prepare('select sqlite_version() as v').get() as { v: string }).v
  } finally {
    db.close()
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version
  } finally {
    await client.end()
  }
}
