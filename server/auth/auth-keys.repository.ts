import type { Kysely } from 'kysely'
import type { WriteHandle } from '../db/database'
import type { AuthKeysTable, Database } from '../db/schema'

/** Stores the key unless one with its id exists (another instance may have won the race). */
export async function insertAuthKeyIfNone(trx: WriteHandle, key: AuthKeysTable): Promise<void> {
  await trx
    .insertInto('auth_keys')
    .values(key)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

export function findAuthKey(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_keys').selectAll().where('id', '=', id).executeTakeFirst()
}
