import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type {
  AuditAction,
  AuditEntry,
  AuditPage,
} from '../../shared/safety/safety-responses.schema'
import type { WriteHandle } from '../db/database'
import type { Database } from '../db/schema'
import { AppError } from '../http/app-error'
import { appendAudit, listAudit, pseudonymOf, resolvePseudonyms } from './audit.repository'

/** Who acted, when no account did: the server itself (a hide after reports), or the roles CLI. */
export const SYSTEM_ACTOR = 'system'
export const OPERATOR_ACTOR = 'operator'
const NAMES: Record<string, string> = {
  [SYSTEM_ACTOR]: 'the server (automatic)',
  [OPERATOR_ACTOR]: 'an operator (command line)',
}
export const DELETED_ACCOUNT = 'a deleted account'
const WITHOUT_VIBE = 'an account without a vibe'

export interface AuditRecord {
  /** The acting account's id, or SYSTEM_ACTOR / OPERATOR_ACTOR. */
  actor: string
  action: AuditAction
  /** The account acted on (a vibe's author, a suspended user), if any. */
  subjectId?: string | undefined
  vibeId?: string | undefined
  reason?: string | null | undefined
  /** No personal data: counts, hours, a role's name. */
  details?: Record<string, string | number> | undefined
}

/**
 * Appends an action to the audit log in the caller's transaction, naming people by pseudonym
 * only (ADR 031). Every moderator's and organiser's action, and every role change, goes here.
 */
export async function recordAudit(trx: WriteHandle, record: AuditRecord, at: number) {
  const person = (id: string) => (id in NAMES ? id : pseudonymOf(trx, id))
  await appendAudit(trx, {
    id: randomUUID(),
    at,
    actor: await person(record.actor),
    action: record.action,
    subject: record.subjectId === undefined ? null : await person(record.subjectId),
    vibe_id: record.vibeId ?? null,
    reason: record.reason ?? null,
    details: record.details ? JSON.stringify(record.details) : null,
  })
}

/** The audit entry of a role change made by `npm run user:role` (`changeRole`'s record). */
export const auditRoleChange =
  (role: string, now: number) => (trx: WriteHandle, userId: string, change: string) =>
    recordAudit(
      trx,
      {
        actor: OPERATOR_ACTOR,
        action: change === 'granted' ? 'role.granted' : 'role.revoked',
        subjectId: userId,
        details: { role },
      },
      now,
    )

/**
 * A page of the audit log, newest first: people resolved to their id and the name they go by
 * (their vibe's username) while their account exists, "a deleted account" after.
 */
export async function readAudit(
  db: Kysely<Database>,
  namesOf: (userIds: string[]) => Promise<Map<string, string>>,
  options: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const rows = await listAudit(db, { after: decodeCursor(options.cursor), limit: options.limit })
  const page = rows.slice(0, options.limit)
  const pseudonyms = page.flatMap((row) => (row.subject ? [row.actor, row.subject] : [row.actor]))
  const userIds = await resolvePseudonyms(db, [...new Set(pseudonyms)])
  const names = await namesOf([...new Set(userIds.values())])
  const personOf = (pseudonym: string) => {
    const userId = userIds.get(pseudonym) ?? null
    const name =
      NAMES[pseudonym] ?? (userId === null ? DELETED_ACCOUNT : (names.get(userId) ?? WITHOUT_VIBE))
    return { pseudonym, userId, name }
  }
  const entries: AuditEntry[] = page.map((row) => ({
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    action: row.action as AuditAction,
    actor: personOf(row.actor),
    subject: row.subject === null ? null : personOf(row.subject),
    vibeId: row.vibe_id,
    reason: row.reason,
    details: row.details === null ? null : JSON.parse(row.details),
  }))
  const last = page.at(-1)
  return {
    entries,
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ at: Number(last.at), id: last.id })
        : null,
  }
}

const encodeCursor = (position: { at: number; id: string }) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url')

function decodeCursor(cursor: string | undefined): { at: number; id: string } | undefined {
  if (cursor === undefined) return undefined
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Number.isSafeInteger(at) && typeof id === 'string' && id.length <= 64) return { at, id }
  } catch {
    // Falls through to the same answer as any other bad cursor.
  }
  throw new AppError(400, 'validation_failed', 'cursor: This is not a cursor of the audit log', {
    cursor: 'This is not a cursor of the audit log',
  })
}
