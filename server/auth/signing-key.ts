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
  const secret = await loadKeptSecret(
    database,
    KEY_ID,
    () => randomBytes(64).toString('base64url'),
    now,
  )
  return new TextEncoder().encode(secret)
}

/**
 * A server secret kept in `auth_keys` under `id`: the first instance to start stores what
 * `generate` makes, and every later start and every other instance reads that one.
 */
export async function loadKeptSecret(
  database: AppDatabase,
  id: string,
  generate: () => string,
  now: number,
): Promise<string> {
  const generated = { id, secret: generate(), created_at: now }
  await writeTransaction(database, (trx) => insertAuthKeyIfNone(trx, generated))
  const row = await findAuthKey(database.db, id)
  if (!row) throw new Error(`the key ${id} vanished right after it was stored`)
  return row.secret
}
