import { toast } from '../../components/toasts/toast'
import { type AuthClient, loadAuthClient } from './load-auth-client'

export type AuthMode = 'sign-in' | 'sign-up'

const siteUrl = () => `${window.location.origin}/`

/** Shows the spec's destructive "Authentication failed" toast with the server's message. */
export function toastAuthFailure(error: { message: string }): false {
  const message = error.message || 'Something went wrong, please try again.'
  toast.error('Authentication failed', { description: message })
  return false
}

const OFFLINE = { message: 'You seem to be offline. Check your connection.' }

/**
 * Runs `action` with the auth client, which loads after the first screen (ADR 017). If its code
 * cannot be downloaded, that is told the way a failed request is, and the answer is false.
 */
async function withAuthClient<T>(action: (authClient: AuthClient) => Promise<T>) {
  let authClient: AuthClient
  try {
    authClient = await loadAuthClient()
  } catch (error) {
    console.warn('Could not load the auth client:', error)
    return toastAuthFailure(OFFLINE)
  }
  return action(authClient)
}

/**
 * How a sign-in or sign-up ended: signed in (the auth state listener takes the user onwards), a
 * confirmation link mailed (e-mail confirmation on), refused because the address is not
 * confirmed yet, or failed otherwise (the toast said why).
 */
export type CredentialsOutcome = 'signed-in' | 'confirmation-sent' | 'not-confirmed' | 'failed'

const welcome = () =>
  toast.success('Welcome to VibeConnect!', {
    description: 'You now have pre-access to the platform.',
  })

/** Signs in or up. */
export async function submitCredentials(
  mode: AuthMode,
  email: string,
  password: string,
): Promise<CredentialsOutcome> {
  const outcome = await withAuthClient(async (authClient): Promise<CredentialsOutcome> => {
    if (mode === 'sign-in') {
      const { error } = await authClient.signInWithPassword({ email, password })
      if (error) {
        toastAuthFailure(error)
        return error.code === 'email_not_confirmed' ? 'not-confirmed' : 'failed'
      }
      welcome()
      return 'signed-in'
    }
    const { data, error } = await authClient.signUp({
      email,
      password,
      options: { emailRedirectTo: siteUrl() },
    })
    if (error) {
      toastAuthFailure(error)
      return 'failed'
    }
    if (data.session) {
      welcome()
      return 'signed-in'
    }
    toast.success('Check your email!', { description: "We've sent you a confirmation link." })
    return 'confirmation-sent'
  })
  return outcome || 'failed'
}

/**
 * Mails the sign-up's confirmation link again (a new one; the earlier ones stop working). The
 * server answers the same for any address, so true means "asked", not "this address is waiting".
 */
export function resendConfirmation(email: string) {
  return withAuthClient(async (authClient) => {
    const { error } = await authClient.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: siteUrl() },
    })
    if (error) return toastAuthFailure(error)
    return true
  })
}

/** Mails a password reset link; the answer is the same whether or not the address is known. */
export function requestPasswordReset(email: string) {
  return withAuthClient(async (authClient) => {
    const { error } = await authClient.resetPasswordForEmail(email, { redirectTo: siteUrl() })
    if (error) return toastAuthFailure(error)
    toast.success('Check your email!', {
      description: "If that address has an account, we've sent it a reset link.",
    })
    return true
  })
}

export type NewPasswordOutcome = 'saved' | 'code-sent' | 'failed'

/**
 * Sets a new password for the signed-in (recovering) user. When the sign-in is not recent the
 * server asks for proof: a code is mailed (auth-js `reauthenticate`) and the caller asks for it,
 * then calls again with `code`.
 */
export async function setNewPassword(password: string, code?: string): Promise<NewPasswordOutcome> {
  let outcome: NewPasswordOutcome = 'failed'
  await withAuthClient(async (authClient) => {
    const { error } = await authClient.updateUser({ password, nonce: code })
    if (error?.code === 'reauthentication_needed') {
      const sent = await authClient.reauthenticate()
      if (sent.error) return toastAuthFailure(sent.error)
      toast.success('Check your email!', { description: "We've sent you a verification code." })
      outcome = 'code-sent'
      return true
    }
    if (error) return toastAuthFailure(error)
    toast.success('Password updated', { description: "You're signed in with your new password." })
    outcome = 'saved'
    return true
  })
  return outcome
}
