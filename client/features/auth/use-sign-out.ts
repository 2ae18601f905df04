import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from '../../components/toasts/toast'
import { forgetAllOffline } from '../../lib/offline-store'
import { forgetOutboxCopy, forgetQueueWhenFree } from '../../lib/outbox'
import { authClient } from './auth-client'
import { storedSession } from './auth-storage'
import { closeToastsOfSession } from './ending-on-purpose'
import { whileEndingOnPurpose } from './session-port'

/**
 * Signs out (revoking the session on the server), clears cached data, on the device too (the
 * offline copies and queued writes, ADR 034), and says goodbye. Offline, this device still signs
 * out; the server's session then ends at its refresh token's expiry.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const userId = signedInUserId()
    await whileEndingOnPurpose(async () => {
      const { error } = await authClient.signOut()
      if (error) {
        console.warn('sign-out: the server could not be told', error.message)
        await authClient.signOut({ scope: 'local' })
      }
    })
    await forgetSignedInState(queryClient, userId)
    toast('See you at the next festival! 👋', { description: "You've been signed out" })
  }, [queryClient])
}

/**
 * Ends this device's session after `end` has ended it on the server (the account was deleted),
 * without the "You were signed out" notice that a refused token would raise meanwhile. Throws
 * what `end` throws, and then stays signed in.
 */
export function useEndSessionAfter() {
  const queryClient = useQueryClient()
  return useCallback(
    async (end: () => Promise<void>) => {
      const userId = signedInUserId()
      await whileEndingOnPurpose(async () => {
        await end()
        await authClient.signOut({ scope: 'local' })
      })
      await forgetSignedInState(queryClient, userId)
    },
    [queryClient],
  )
}

/**
 * What the person signing out leaves on this device: cached data, offline copies and queued
 * writes, and the toasts said to them (the app's update prompt stays).
 */
async function forgetSignedInState(queryClient: QueryClient, userId: string | undefined) {
  closeToastsOfSession()
  queryClient.clear()
  forgetOutboxCopy()
  await forgetAllOffline()
  // Not awaited: a delivery under way holds the queue until its request is answered.
  if (userId) {
    forgetQueueWhenFree(userId).catch((error: unknown) =>
      console.warn('sign-out: could not clear the queued writes again', error),
    )
  }
}

/** Who is signing out, as the stored session says (auth-js's getSession may refresh it first). */
const signedInUserId = () => storedSession()?.user.id
