import { randomBytes } from 'node:crypto'
import type { AppDatabase } from '../db/database'

const KEY_ID = 'jwt-hs256'

/**
 * The HS256 key for access tokens. A configured secret wins; otherwise the first instance to start
 * generates one and stores it, and every later start and every other instance reads the same key,
 * so restarts and scale-out sign nobody out.
 */
export async function loadSigningKey(
  database: AppDatabase,
  configuredSecret: string | undefined,
  now: number,
): Promise<Uint8Array> {
  if (configuredSecret) return new TextEncoder().encode(configuredSecret)
  await database.db
    .insertInto('auth_keys')
    .values({ id: KEY_ID, secret: randomBytes(64).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const row = await database.db
    .selectFrom('auth_keys')
    .select('secret')
    .where('id', '=', KEY_ID)
    .executeTakeFirstOrThrow()
  return new TextEncoder().encode(row.secret)
}
