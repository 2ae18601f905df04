import { type Kysely, sql } from 'kysely'
import type { Database, UsersTable } from '../db/schema'

export type UserRow = UsersTable

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Inserts the user and bumps the user counter, in the caller's transaction. */
export async function insertUser(db: Kysely<Database>, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute()
  await db
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'users')
    .execute()
}

export async function markEmailConfirmed(db: Kysely<Database>, id: string, now: number) {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .execute()
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  id: string,
  encryptedPassword: string,
  now: number,
) {
  await db
    .updateTable('users')
    .set({ encrypted_password: encryptedPassword, updated_at: now })
    .where('id', '=', id)
    .execute()
}

export async function recordSignIn(db: Kysely<Database>, id: string, now: number) {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', id).execute()
}

/** The number of accounts: one primary-key read of a counter maintained on sign-up. */
export async function readUserCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', 'users')
    .executeTakeFirst()
  return Number(row?.value ?? 0)
}
