import type { Kysely } from 'kysely'
import type pg from 'pg'
import { type PreparedStatement, runPrepared } from '../db/prepared-statement'
import type { AuthSessionsTable, Database, RefreshTokensTable, UsersTable } from '../db/schema'

export async function insertSession(db: Kysely<Database>, session: AuthSessionsTable) {
  await db.insertInto('auth_sessions').values(session).execute()
}

export function findSession(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** True when the session exists (was not signed out or revoked). One primary-key read. */
export async function sessionIsActive(db: Kysely<Database>, id: string, userId: string) {
  const row = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Deleting a session deletes its refresh tokens too (ON DELETE CASCADE). Returns the deleted
 * sessions' ids: once committed, the caller tells the session cache (ADR 015).
 */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<string[]> {
  const rows = await db.deleteFrom('auth_sessions').where('id', '=', id).returning('id').execute()
  return rows.map((row) => row.id)
}

export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  options: { except?: string } = {},
): Promise<string[]> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId)
  if (options.except) query = query.where('id', '!=', options.except)
  const rows = await query.returning('id').execute()
  return rows.map((row) => row.id)
}

export async function touchSession(db: Kysely<Database>, id: string, now: number) {
  await db.updateTable('auth_sessions').set({ refreshed_at: now }).where('id', '=', id).execute()
}

export async function insertRefreshToken(db: Kysely<Database>, token: RefreshTokensTable) {
  await db.insertInto('refresh_tokens').values(token).execute()
}

export function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * A refresh token and the user it belongs to, in one read (one round trip on PostgreSQL): the
 * refresh grant needs both, and a token whose user is gone is not found.
 */
export async function findRefreshTokenWithUser(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ token: RefreshTokensTable; user: UsersTable } | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select([
      'refresh_tokens.token_hash',
      'refresh_tokens.session_id',
      'refresh_tokens.user_id',
      'refresh_tokens.parent_hash',
      'refresh_tokens.created_at',
      'refresh_tokens.used_at',
      'users.email',
      'users.encrypted_password',
      'users.email_confirmed_at',
      'users.last_sign_in_at',
      'users.created_at as user_created_at',
      'users.updated_at as user_updated_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) return undefined
  const { email, encrypted_password, email_confirmed_at, last_sign_in_at } = row
  return {
    token: {
      token_hash: row.token_hash,
      session_id: row.session_id,
      user_id: row.user_id,
      parent_hash: row.parent_hash,
      created_at: row.created_at,
      used_at: row.used_at,
    },
    user: {
      id: row.user_id,
      email,
      encrypted_password,
      email_confirmed_at,
      last_sign_in_at,
      created_at: row.user_created_at,
      updated_at: row.user_updated_at,
    },
  }
}

/** Marks a token used; false when another request used it first (the race two tabs can run). */
export async function claimRefreshToken(db: Kysely<Database>, tokenHash: string, now: number) {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

const CLAIM_AND_REPLACE: PreparedStatement = {
  name: 'claim_and_replace_refresh_token',
  text: `
    with claimed as (
      update refresh_tokens set used_at = $1
      where token_hash = $2 and used_at is null
      returning session_id
    ), touched as (
      update auth_sessions set refreshed_at = $1
      where id in (select session_id from claimed)
      returning id, user_id
    ), stored as (
      insert into refresh_tokens (token_hash, session_id, user_id, parent_hash, created_at, used_at)
      select $3::text, id, user_id, $2::text, $4::bigint, null
      from touched
      returning session_id, user_id
    )
    select users.id, users.email, users.encrypted_password, users.email_confirmed_at,
      users.last_sign_in_at, users.created_at, users.updated_at, stored.session_id
    from stored join users on users.id = stored.user_id`,
}

/**
 * PostgreSQL only: claims an unused refresh token, touches its session, stores its successor and
 * reads the user, in one prepared statement (data-modifying CTEs): one round trip and no planning,
 * where the general path takes a read and a transaction. Undefined when nothing was stored (the
 * token is unknown or used already, or its session is gone): the caller then takes the general
 * path, which tells those apart. SQLite has no UPDATE in a CTE, and needs none: its statements
 * cost no round trips.
 */
export async function claimAndReplaceRefreshToken(
  pool: pg.Pool,
  parentHash: string,
  successor: { token_hash: string; created_at: number },
  now: number,
): Promise<{ user: UsersTable; sessionId: string } | undefined> {
  const [row] = await runPrepared<UsersTable & { session_id: string }>(pool, CLAIM_AND_REPLACE, [
    now,
    parentHash,
    successor.token_hash,
    successor.created_at,
  ])
  if (!row) return undefined
  const { session_id: sessionId, ...user } = row
  return { user, sessionId }
}
