import SqliteDatabase from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { withStatementCache } from './statement-cache'

describe('withStatementCache', () => {
  const sqlite = new SqliteDatabase(':memory:')
  afterEach(() => sqlite.exec('drop table if exists t'))

  it('hands back the same prepared statement for the same SQL, which still runs correctly', () => {
    const cached = withStatementCache(sqlite)
    sqlite.exec('create table t (n integer)')
    const insert = cached.prepare('insert into t (n) values (?)')
    expect(cached.prepare('insert into t (n) values (?)')).toBe(insert)
    for (const n of [1, 2, 3]) cached.prepare('insert into t (n) values (?)').run([n])
    expect(cached.prepare('select sum(n) as total from t').all([])).toEqual([{ total: 6 }])
  })

  it('prepares a fresh statement while the cached one is still being iterated', () => {
    const cached = withStatementCache(sqlite)
    sqlite.exec('create table t (n integer); insert into t values (1), (2)')
    const first = cached.prepare('select n from t')
    const rows = first.iterate([])[Symbol.iterator]()
    rows.next()
    const second = cached.prepare('select n from t')
    expect(second).not.toBe(first)
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }])
    rows.return?.()
  })
})
