import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { exportedFunctions, serverSources } from './source-files'

// Writes of the app: Kysely's write builders, and raw SQL that writes.
const WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\b(insert into|update \w+ set|delete from)\b/i

// The one write that is not a Kysely query through writeTransaction: PostgreSQL's single-statement
// refresh (a prepared statement is its own transaction), docs/architecture.md and ADR 020.
const SINGLE_STATEMENT_WRITES = new Set(['claimAndReplaceRefreshToken'])

const sources = serverSources()

describe('the one write path (issue 16)', () => {
  it('writes only in repository functions, and each takes the WriteHandle of writeTransaction', () => {
    const offenders: string[] = []
    for (const { path, text } of sources) {
      if (!path.endsWith('.repository.ts')) {
        if (WRITE.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))) offenders.push(path)
        continue
      }
      for (const fn of exportedFunctions(text)) {
        if (!WRITE.test(fn.source) || SINGLE_STATEMENT_WRITES.has(fn.name)) continue
        if (!/^export (?:async )?function \w+\(\s*trx: WriteHandle\b/.test(fn.source)) {
          offenders.push(`${path}: ${fn.name}`)
        }
      }
    }
    expect(offenders).toEqual([])
  })
})

// Every table whose deletion deletes sessions, at any depth of ON DELETE CASCADE: deleted from in
// one repository function, which only the function that first ends the sessions through
// `Sessions.end` calls (ADR 021). A cascade alone would end them unannounced: trusted for up to a
// minute on SQLite.
const SESSION_ENDINGS: Record<string, { deleter: string; file: string; caller: string }> = {
  auth_sessions: {
    deleter: 'deleteSessions',
    file: 'server/auth/sessions.repository.ts',
    caller: 'server/auth/sessions.ts',
  },
  users: {
    deleter: 'deleteUser',
    file: 'server/auth/users.repository.ts',
    caller: 'server/auth/user-account.ts',
  },
}

function sessionEndingOffenders(sources: Array<{ path: string; text: string }>): string[] {
  const offenders: string[] = []
  for (const [table, { deleter, file, caller }] of Object.entries(SESSION_ENDINGS)) {
    const deletes = new RegExp(`deleteFrom\\(['"]${table}['"]\\)|delete from "?${table}\\b`, 'i')
    for (const { path, text } of sources) {
      const deleting = exportedFunctions(text).filter((fn) => deletes.test(fn.source))
      for (const fn of deleting) {
        if (path !== file || fn.name !== deleter)
          offenders.push(`${path}: ${fn.name} deletes ${table}`)
      }
      if (deleting.length === 0 && deletes.test(text)) offenders.push(`${path} deletes ${table}`)
      if (path !== file && path !== caller && new RegExp(`\\b${deleter}\\(`).test(text)) {
        offenders.push(`${path} calls ${deleter}`)
      }
    }
  }
  return offenders
}

describe('the one way a session ends (issue 16)', () => {
  it('deletes sessions, and what cascades to them, in one function each, called from one place', () => {
    expect(sessionEndingOffenders(sources)).toEqual([])
  })

  it('knows every table whose deletion cascades to the sessions', async () => {
    const database = openDatabase({ url: 'sqlite::memory:' })
    try {
      await migrateToLatest(database)
      const cascades = new Map<string, string[]>() // parent table -> tables its deletes reach
      const tables = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table'`.execute(database.db)
      for (const { name } of tables.rows) {
        const keys = await sql<{ table: string; on_delete: string }>`
          select * from pragma_foreign_key_list(${name})`.execute(database.db)
        for (const key of keys.rows.filter((k) => k.on_delete === 'CASCADE')) {
          cascades.set(key.table, [...(cascades.get(key.table) ?? []), name])
        }
      }
      const reaches = (table: string): boolean =>
        table === 'auth_sessions' || (cascades.get(table) ?? []).some(reaches)
      const reaching = [...new Set([...cascades.keys(), 'auth_sessions'])].filter(reaches)
      expect(reaching.sort()).toEqual(Object.keys(SESSION_ENDINGS).sort())
    } finally {
      await database.close()
    }
  })

  it('deleteAccount ends the sessions through Sessions.end before it deletes the user', () => {
    const source = sources.find(({ path }) => path === SESSION_ENDINGS.users!.caller)!.text
    const fn = exportedFunctions(source).find(({ name }) => name === 'deleteAccount')!.source
    expect(fn.indexOf('sessions.end(')).toBeGreaterThan(0)
    expect(fn.indexOf('sessions.end(')).toBeLessThan(fn.indexOf('deleteUser('))
  })

  it('fires on a delete of users or sessions anywhere else, and on another caller', () => {
    const stray = [
      {
        path: 'server/admin/purge.ts',
        text: "export async function purge(trx) {\n  await trx.deleteFrom('users').execute()\n}",
      },
      { path: 'server/admin/raw.ts', text: 'const q = sql`delete from auth_sessions where true`' },
      { path: 'server/admin/wrap.ts', text: 'await deleteUser(trx, id)' },
    ]
    expect(sessionEndingOffenders(stray)).toEqual([
      'server/admin/raw.ts deletes auth_sessions',
      'server/admin/purge.ts: purge deletes users',
      'server/admin/wrap.ts calls deleteUser',
    ])
  })
})
