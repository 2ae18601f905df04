import type { Config } from '../config/config'
import { AppError } from '../http/app-error'

/** The form a refusal is shown at. */
export type RefusedField = 'sign-in' | 'sign-up' | 'code'

/** A way through the portal refused, with a message for the form it came from. */
export interface PortalRefusal {
  kind: 'refused'
  message: string
  field: RefusedField
}

/** What an unconfirmed account is told, and a new one when no grace grant is given. */
export const CONFIRM_FIRST = 'Check your e-mail and follow the link in it, then sign in here.'

/** The message a refused way through shows: the server's own words for what the user can fix. */
export function refusal(error: unknown, field: RefusedField): PortalRefusal {
  if (!(error instanceof AppError)) throw error
  const messages: Record<string, string> = {
    invalid_credentials: 'That e-mail and password do not match an account.',
    email_not_confirmed: CONFIRM_FIRST,
    over_request_rate_limit: 'Too many tries. Please wait a few minutes and try again.',
    user_already_exists: 'There is already an account with this e-mail address: sign in instead.',
    validation_failed: 'Check the e-mail address and password.',
  }
  return { kind: 'refused', field, message: messages[error.code] ?? error.message }
}

/** The device limit's refusal: which devices hold the pass's places, and how to free one. */
export function fullMessage(
  holders: Array<{ label: string; gateway: string; lastSeen: number }>,
  config: Config,
): string {
  const when = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: config.FESTIVAL_TIME_ZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(ms)
  const list = holders.map((device) => `${device.label} (last seen ${when(device.lastSeen)})`)
  const devices = holders.length === 1 ? 'device' : 'devices'
  return `Your WiFi pass is already online on ${holders.length} ${devices}: ${list.join(', ')}. Forget one on the “Your WiFi pass” card in the VibeConnect app, or wait until its session ends.`
}
