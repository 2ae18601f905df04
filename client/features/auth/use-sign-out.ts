import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { authClient } from './auth-client'
import { whileEndingOnPurpose } from './session-port'

/** Signs out (revoking the session on the server), clears cached data and says goodbye. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const { error } = await authClient.signOut()
    if (error) console.warn('sign-out: the server could not be told', error.message)
    queryClient.clear()
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
      await whileEndingOnPurpose(async () => {
        await end()
        await authClient.signOut({ scope: 'local' })
      })
      queryClient.clear()
    },
    [queryClient],
  )
}
