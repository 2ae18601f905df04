import { type Kysely, sql } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { Database, UsersTable } from '../db/schema'

export type UserRow = UsersTable

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Inserts the user and bumps the user counter, in the caller's transaction. */
export async function insertUser(trx: WriteHandle, user: UserRow): Promise<void> {
  await trx.insertInto('users').values(user).execute()
  await trx
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'users')
    .execute()
}

/**
 * The only DELETE of users, and the user counter's decrement. Deleting a user deletes their
 * sessions too (ON DELETE CASCADE), unannounced, so only `deleteAccount` calls it, after ending
 * them through `Sessions.end` (a test holds both). False when there was no such user.
 */
export async function deleteUser(trx: WriteHandle, id: string): Promise<boolean> {
  const deleted = await trx.deleteFrom('users').where('id', '=', id).returning('id').execute()
  if (deleted.length === 0) return false
  await trx
    .updateTable('counters')
    .set({ value: sql`value - 1` })
    .where('name', '=', 'users')
    .execute()
  return true
}

export async function markEmailConfirmed(trx: WriteHandle, id: string, now: number) {
  await trx
    .updateTable('users')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .execute()
}

export async function updatePasswordHash(
  trx: WriteHandle,
  id: string,
  encryptedPassword: string,
  now: number,
) {
  await trx
    .updateTable('users')
    .set({ encrypted_password: encryptedPassword, updated_at: now })
    .where('id', '=', id)
    .execute()
}

export async function recordSignIn(trx: WriteHandle, id: string, now: number) {
  await trx.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', id).execute()
}
