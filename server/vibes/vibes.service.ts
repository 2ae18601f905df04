import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { VibeInput } from '../../shared/vibes/vibe.schema'
import type { AppContext } from '../app-context'
import type { AuthUser } from '../auth/auth-service'
import { writeTransaction } from '../db/database'
import { isUniqueViolation } from '../db/unique-violation'
import type { ChangeEvent } from '../events/change-bus'
import { AppError, forbidden, notFound } from '../http/app-error'
import { findVibeById, insertVibe, updateVibe, type VibeRow } from './vibes.repository'

type VibesDeps = Pick<AppContext, 'database' | 'changes' | 'now'> & { log: FastifyBaseLogger }

/** Creates the caller's one vibe; a second one (even from a racing tab) answers 409. */
export async function createVibe(
  deps: VibesDeps,
  user: AuthUser,
  input: VibeInput,
): Promise<VibeRow> {
  const now = deps.now()
  const row: VibeRow = {
    id: randomUUID(),
    user_id: user.id,
    ...fieldsOf(input),
    created_at: now,
    updated_at: now,
  }
  try {
    await writeTransaction(deps.database, (trx) => insertVibe(trx, row))
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'vibe_already_exists', 'You already have a vibe; update it instead')
    }
    throw error
  }
  await publish(deps, { type: 'vibe', op: 'insert', id: row.id, userId: user.id })
  return row
}

/** Updates a vibe the caller owns; the ownership check and the write share one transaction. */
export async function updateOwnVibe(
  deps: VibesDeps,
  user: AuthUser,
  id: string,
  input: VibeInput,
): Promise<VibeRow> {
  const updated = await writeTransaction(deps.database, async (trx) => {
    const existing = await findVibeById(trx, id)
    if (!existing) throw notFound('There is no vibe with this id', 'vibe_not_found')
    if (existing.user_id !== user.id) throw forbidden('You can only update your own vibe')
    // Never before created_at, even if this instance's clock is behind the one that created it.
    const fields = {
      ...fieldsOf(input),
      updated_at: Math.max(deps.now(), Number(existing.created_at)),
    }
    await updateVibe(trx, id, fields)
    return { ...existing, ...fields }
  })
  await publish(deps, { type: 'vibe', op: 'update', id, userId: user.id })
  return updated
}

// Only the listed fields reach the database, whatever else the caller's object carries.
const fieldsOf = ({ username, emoji, status }: VibeInput) => ({ username, emoji, status })

// The write has committed: a lost notification must not turn it into an error for the writer.
// Live clients resync on reconnect, which covers a missed event.
async function publish(deps: VibesDeps, event: ChangeEvent): Promise<void> {
  try {
    await deps.changes.publish(event)
  } catch (error) {
    deps.log.warn({ err: error, event }, 'could not publish a vibe change')
  }
}
