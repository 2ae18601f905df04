import { z } from 'zod'
import { OwnVibeSchema } from '../vibes/vibe.schema'
import { REPORT_REASONS } from './report-input.schema'

// The safety routes' answers (the server's own, classic zod). Reporters are never named: a
// report is its reason, note and time, and the queue counts them.

/** `POST /api/vibes/:id/reports`: whether this call filed a report (a repeat files none). */
export const ReportResultSchema = z.object({ reported: z.boolean() })
export type ReportResult = z.infer<typeof ReportResultSchema>

export const QueueReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  at: z.string(),
})

/** A reported or hidden vibe in the moderators' queue, with its open reports. */
export const QueueItemSchema = z.object({
  vibe: OwnVibeSchema,
  /** Open reports from distinct accounts (not yet handled by a moderator). */
  openReports: z.number().int(),
  /** Open reports per reason. */
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  /** The open reports, newest first: reason, note and time, never who filed them. */
  reports: z.array(QueueReportSchema),
  firstReportedAt: z.string().nullable(),
  lastReportedAt: z.string().nullable(),
  /** Until when the vibe's author is suspended (ISO, UTC), or null: not suspended now. */
  authorSuspendedUntil: z.string().nullable(),
})
export type QueueItem = z.infer<typeof QueueItemSchema>

export const ModerationQueueSchema = z.object({ items: z.array(QueueItemSchema) })
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>

/** A moderator's action on a vibe: the vibe as its author now sees it. */
export const ModeratedVibeSchema = z.object({ vibe: OwnVibeSchema })

export const SuspensionSchema = z.object({
  userId: z.string(),
  until: z.string(),
  reason: z.string(),
})
export const SuspensionResultSchema = z.object({
  suspension: SuspensionSchema,
  /** Sessions of the account that ended. */
  sessionsEnded: z.number().int(),
})
export const LiftResultSchema = z.object({ lifted: z.literal(true) })

export const AUDIT_ACTIONS = [
  'vibe.hidden',
  'vibe.restored',
  'vibe.removed',
  'user.suspended',
  'user.suspension_lifted',
  'role.granted',
  'role.revoked',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * A person in the audit log: a pseudonym that stays, and while the account exists its id and the
 * name it goes by (its vibe's username); "a deleted account" after, "the server" or "an operator"
 * for what no account did.
 */
export const AuditPersonSchema = z.object({
  pseudonym: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
})

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: AuditPersonSchema,
  subject: AuditPersonSchema.nullable(),
  vibeId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

export const AuditQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export const UserIdParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, 'This is not a user id'),
})
