import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { authClient } from './auth-client'

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
