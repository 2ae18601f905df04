/** Limits of the safety inputs, free of zod (ADR 016). */
export const REPORT_NOTE_MAX_LENGTH = 280
export const MODERATION_REASON_MAX_LENGTH = 280
/** A suspension lasts at least an hour and at most 30 days. */
export const SUSPENSION_MAX_HOURS = 24 * 30
