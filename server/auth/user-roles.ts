import type { Role } from '../../shared/safety/roles'
import { type AppDatabase, type WriteHandle, writeTransaction } from '../db/database'
import { deleteRole, findRoles, insertRole } from './user-roles.repository'
import { findUserByEmail } from './users.repository'

export type RoleChange = 'granted' | 'revoked' | 'unchanged'

/**
 * Grants or revokes a role of the account with this e-mail address (`npm run user:role`), with
 * `record` run in the same transaction when something changed (the audit log). Undefined when
 * there is no such account. Tokens already issued keep their claims until they are refreshed,
 * but privileged routes read the role from the database: a revoked role stops working at once.
 */
export async function changeRole(
  database: AppDatabase,
  change: { email: string; role: Role; grant: boolean; now: number },
  record: (trx: WriteHandle, userId: string, change: RoleChange) => Promise<void>,
): Promise<RoleChange | undefined> {
  const user = await findUserByEmail(database.db, change.email)
  if (!user) return undefined
  return writeTransaction(database, async (trx) => {
    const changed = change.grant
      ? await insertRole(trx, user.id, change.role, change.now)
      : await deleteRole(trx, user.id, change.role)
    const outcome: RoleChange = changed ? (change.grant ? 'granted' : 'revoked') : 'unchanged'
    if (changed) await record(trx, user.id, outcome)
    return outcome
  })
}

/** The roles of the account with this e-mail address; undefined when there is none. */
export async function rolesOfEmail(
  database: AppDatabase,
  email: string,
): Promise<Role[] | undefined> {
  const user = await findUserByEmail(database.db, email)
  return user ? findRoles(database.db, user.id) : undefined
}
