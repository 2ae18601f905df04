import type { Kysely } from 'kysely'
import type pg from 'pg'
import { isRole, type Role } from '../../shared/safety/roles'
import type { WriteHandle } from '../db/database'
import { type PreparedStatement, runPrepared } from '../db/prepared-statement'
import type { AuthSessionsTable, Database, RefreshTokensTable, UsersTable } from '../db/schema'
import { findRoles } from './user-roles.repository'

export async function insertSession(trx: WriteHandle, session: AuthSessionsTable) {
  await trx.insertInto('auth_sessions').values(session).execute()
}

export function findSession(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** True when the session exists (was not signed out or revoked). One primary-key read. */
export async function sessionExists(db: Kysely<Database>, id: string, userId: string) {
  const row = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/** One session, or a user's sessions (all, or all but one). */
export type SessionFilter = { sessionId: string } | { userId: string; exceptSessionId?: string }

/**
 * The only DELETE of sessions in the app: only `Sessions.end` calls it, which announces what it
 * ended (a test holds both). Deleting a session deletes its refresh tokens too (ON DELETE
 * CASCADE). Returns the deleted sessions' ids.
 */
export async function deleteSessions(trx: WriteHandle, filter: SessionFilter): Promise<string[]> {
  let query = trx.deleteFrom('auth_sessions')
  if ('sessionId' in filter) query = query.where('id', '=', filter.sessionId)
  else {
    query = query.where('user_id', '=', filter.userId)
    if (filter.exceptSessionId) query = query.where('id', '!=', filter.exceptSessionId)
  }
  const rows = await query.returning('id').execute()
  return rows.map((row) => row.id)
}

export async function insertRefreshToken(trx: WriteHandle, token: RefreshTokensTable) {
  await trx.insertInto('refresh_tokens').values(token).execute()
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

/** A refresh token's successor, as both rotations store it. */
export interface SuccessorToken {
  token_hash: string
  created_at: number
}

/** What a rotation leaves: the session it continued and its user, with the user's roles. */
export interface RotatedSession {
  user: UsersTable & { roles: Role[] }
  sessionId: string
}

/**
 * A refresh token's rotation, in the caller's write transaction: claims the token if unused,
 * touches its session, stores the successor and reads the user. Undefined when nothing was
 * claimed (unknown, or another request used it first: the race two tabs can run). PostgreSQL runs
 * the same rotation as one statement (`claimAndReplaceRefreshToken`); one table-driven test holds
 * the two to the same rows (`refresh-rotation.test.ts`).
 */
export async function rotateRefreshToken(
  trx: WriteHandle,
  parentHash: string,
  successor: SuccessorToken,
  now: number,
): Promise<RotatedSession | undefined> {
  const claimed = await trx
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', parentHash)
    .where('used_at', 'is', null)
    .returning('session_id')
    .executeTakeFirst()
  if (!claimed) return undefined
  const session = await trx
    .updateTable('auth_sessions')
    .set({ refreshed_at: now })
    .where('id', '=', claimed.session_id)
    .returning(['id', 'user_id'])
    .executeTakeFirst()
  if (!session) return undefined
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: successor.token_hash,
      session_id: session.id,
      user_id: session.user_id,
      parent_hash: parentHash,
      created_at: successor.created_at,
      used_at: null,
    })
    .execute()
  const user = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirstOrThrow()
  return { user: { ...user, roles: await findRoles(trx, user.id) }, sessionId: session.id }
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
      users.last_sign_in_at, users.created_at, users.updated_at, stored.session_id,
      (select string_agg(role, ',' order by role) from user_roles
        where user_roles.user_id = users.id) as roles
    from stored join users on users.id = stored.user_id`,
}

/**
 * PostgreSQL only: `rotateRefreshToken` as one prepared statement (data-modifying CTEs), which is
 * its own transaction: one round trip and no planning, where the transaction takes five (ADR
 * 020). SQLite has no UPDATE in a CTE, and needs none: its statements cost no round trips.
 */
export async function claimAndReplaceRefreshToken(
  pool: pg.Pool,
  parentHash: string,
  successor: SuccessorToken,
  now: number,
): Promise<RotatedSession | undefined> {
  const [row] = await runPrepared<UsersTable & { session_id: string; roles: string | null }>(
    pool,
    CLAIM_AND_REPLACE,
    [now, parentHash, successor.token_hash, successor.created_at],
  )
  if (!row) return undefined
  const { session_id: sessionId, roles, ...user } = row
  return { user: { ...user, roles: (roles ?? '').split(',').filter(isRole) }, sessionId }
}

/** A user's sessions, oldest first (their data export). */
export function listSessionsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('auth_sessions')
    .select(['created_at', 'refreshed_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

/** How many refresh tokens the user's sessions hold (their data export: not the hashes). */
export async function countRefreshTokensOf(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
