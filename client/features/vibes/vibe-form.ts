import { isBlank } from '../../../shared/text/code-points'
import { truncateGraphemes } from '../../../shared/text/graphemes'
import { type VibeInput, VibeInputSchema } from '../../../shared/vibes/vibe-input.schema'

export type VibeFormValues = VibeInput

/** A refused form names the field to fix first (marked invalid and focused), when it can. */
export type VibeFormResult =
  | { ok: true; input: VibeInput }
  | { ok: false; reason: 'missing'; field: keyof VibeFormValues }
  | { ok: false; reason: 'invalid'; message: string; field?: keyof VibeFormValues }

/**
 * Checks the form with the same schema the server uses; blank fields, invisible characters
 * only included, get the spec's own answer.
 */
export function parseVibeForm(values: VibeFormValues): VibeFormResult {
  if (isBlank(values.username)) return { ok: false, reason: 'missing', field: 'username' }
  if (isBlank(values.status)) return { ok: false, reason: 'missing', field: 'status' }
  const parsed = VibeInputSchema.safeParse(values)
  if (parsed.success) return { ok: true, input: parsed.data }
  const issue = parsed.error.issues[0]
  const field = issue?.path[0]
  return {
    ok: false,
    reason: 'invalid',
    message: issue?.message ?? 'Invalid vibe',
    field: field === 'username' || field === 'status' || field === 'emoji' ? field : undefined,
  }
}

/**
 * What a one-line field keeps of typed or pasted text: line breaks become spaces (the server
 * refuses them) and anything past `max` characters, counted as a person does, is cut.
 */
export function limitFieldText(text: string, max: number): string {
  return truncateGraphemes(text.replace(/\r\n|[\r\n]/g, ' '), max)
}
