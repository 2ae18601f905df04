import { describe, expect, it } from 'vitest'
import { exportedFunctions, serverSources } from './source-files'

// Writes of the app: Kysely's write builders, and raw SQL that writes.
const WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\b(insert into|update \w+ set|delete from)\b/i

// The one write that is not a Kysely query through writeTransaction: PostgreSQL's single-statement
// refresh (a prepared statement is its own transaction), docs/architecture.md and ADR 020.
const SINGLE_STATEMENT_WRITES = new Set(['claimAndReplaceRefreshToken'])

describe('the one write path (issue 16)', () => {
  const sources = serverSources()

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

  it('deletes sessions in one function, called only by Sessions.end, which announces the ending', () => {
    const deleting = sources.filter(({ text }) =>
      /deleteFrom\('auth_sessions'\)|delete from auth_sessions/i.test(text),
    )
    expect(deleting.map(({ path }) => path)).toEqual(['server/auth/sessions.repository.ts'])
    const callers = sources.filter(({ text }) => /\bdeleteSessions\(/.test(text))
    expect(callers.map(({ path }) => path).sort()).toEqual([
      'server/auth/sessions.repository.ts',
      'server/auth/sessions.ts',
    ])
  })
})
