import { ApiError } from '../../lib/api-client'
import { formatLocalMoment } from '../../lib/local-moment'
import type { VibeFormValues } from './vibe-form'

/** The server's explanation of a failed write, or `fallback` when it gave none we can show. */
export function vibeErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  const until = error.code === 'account_suspended' ? error.details?.until : undefined
  if (until) {
    // The server says until when in UTC (ISO): told in this device's time, as a person reads it.
    return error.message.replace(until, `${formatLocalMoment(until)} (your time)`)
  }
  // A validation failure's per-field messages say what to fix; the summary does not.
  const fieldMessage = error.details ? Object.values(error.details)[0] : undefined
  return fieldMessage || error.message || fallback
}

/** The field a refused write blames (a listed word in it, a name already taken), if any. */
export function vibeErrorField(error: unknown): keyof VibeFormValues | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.code === 'username_taken') return 'username'
  if (error.code !== 'vibe_held_back') return undefined
  const field = Object.keys(error.details ?? {})[0]
  return field === 'username' || field === 'status' ? field : undefined
}
