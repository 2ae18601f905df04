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
