import type { Kysely } from 'kysely'
import type { AuthSessionsTable, Database, RefreshTokensTable } from '../db/schema'

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

/** Deleting a session deletes its refresh tokens too (ON DELETE CASCADE). */
export async function deleteSession(db: Kysely<Database>, id: string) {
  await db.deleteFrom('auth_sessions').where('id', '=', id).execute()
}

export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  options: { except?: string } = {},
) {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId)
  if (options.except) query = query.where('id', '!=', options.except)
  await query.execute()
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
