import { ApiError } from '../../lib/api-client'

/** The server's explanation of a failed write, or `fallback` when it gave none we can show. */
export function vibeErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  // A validation failure's per-field messages say what to fix; the summary does not.
  const fieldMessage = error.details ? Object.values(error.details)[0] : undefined
  return fieldMessage || error.message || fallback
}
