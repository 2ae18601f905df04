import { dismissToastsExcept, toast } from '../../components/toasts/toast'
import { UPDATE_PROMPT_TOAST_ID } from '../../lib/service-worker'

// While this device ends its own session on purpose (signing out, its account deleted), refusals
// and the end itself are expected and say nothing: "You were signed out" would be wrong. Kept
// apart from session-port.ts, which imports auth-js, so the first screen can ask too.
let endingOnPurpose = 0

/** Runs `work`, which ends this session, with the "signed out elsewhere" notices held back. */
export async function whileEndingOnPurpose<T>(work: () => Promise<T>): Promise<T> {
  endingOnPurpose += 1
  try {
    return await work()
  } finally {
    endingOnPurpose -= 1
  }
}

/** Whether this device is ending its session on purpose right now. */
export const isEndingOnPurpose = (): boolean => endingOnPurpose > 0

/** The notice for a session that ended elsewhere (signed out everywhere, a password change). */
export const SIGNED_OUT_ELSEWHERE = {
  title: 'You were signed out',
  description: 'Your session ended on another device or after a password change. Sign in again.',
}

/**
 * Closes what was said to the person whose session ends ("Keep mine" over their vibe, a badge):
 * it goes with them. The app's own update prompt stays.
 */
export const closeToastsOfSession = (): void => dismissToastsExcept([UPDATE_PROMPT_TOAST_ID])

/** The session ended elsewhere: what was said to the person goes, and the notice says why. */
export function sayEndedElsewhere(): void {
  closeToastsOfSession()
  toast(SIGNED_OUT_ELSEWHERE.title, { description: SIGNED_OUT_ELSEWHERE.description })
}
