import { randomBytes } from 'node:crypto'
import { type AppDatabase, writeTransaction } from '../db/database'
import { findAuthKey, insertAuthKeyIfNone } from './auth-keys.repository'

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
  const generated = { id: KEY_ID, secret: randomBytes(64).toString('base64url'), created_at: now }
  await writeTransaction(database, (trx) => insertAuthKeyIfNone(trx, generated))
  const row = await findAuthKey(database.db, KEY_ID)
  if (!row) throw new Error('the signing key vanished right after it was stored')
  return new TextEncoder().encode(row.secret)
}
