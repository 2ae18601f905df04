import type { Kysely } from 'kysely'
import type { Role } from '../../shared/safety/roles'
import type { WriteHandle } from '../db/database'
import type { Database } from '../db/schema'

/** The user's roles, sorted (none for most). One indexed read. */
export async function findRoles(db: Kysely<Database>, userId: string): Promise<Role[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute()
  return rows.map((row) => row.role)
}

/** Whether the user holds one of these roles, read now (a revoked role stops at once). */
export async function holdsRole(
  db: Kysely<Database>,
  userId: string,
  roles: readonly Role[],
): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', 'in', roles)
    .executeTakeFirst()
  return row !== undefined
}

/** Grants a role; false when the user held it already. */
export async function insertRole(
  trx: WriteHandle,
  userId: string,
  role: Role,
  now: number,
): Promise<boolean> {
  const rows = await trx
    .insertInto('user_roles')
    .values({ user_id: userId, role, granted_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'role']).doNothing())
    .returning('role')
    .execute()
  return rows.length > 0
}

/** Revokes a role; false when the user did not hold it. */
export async function deleteRole(trx: WriteHandle, userId: string, role: Role): Promise<boolean> {
  const rows = await trx
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .returning('role')
    .execute()
  return rows.length > 0
}
