import { sql } from 'kysely'
import type { Dialect, WriteHandle } from './database'

/**
 * Holds a key of a key space until the write transaction ends: what the transaction reads about
 * that key stays true until it commits (two accounts claiming one name, N reports racing to hide
 * one vibe). PostgreSQL only (`pg_advisory_xact_lock` on the space and a hash of the key): SQLite
 * runs one write at a time and needs none.
 */
export async function lockKey(trx: WriteHandle, dialect: Dialect, space: number, key: string) {
  if (dialect !== 'postgres') return
  await sql`select pg_advisory_xact_lock(${space}, hashtext(${key}))`.execute(trx)
}
