import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import type { Person } from '../../../shared/schedule/schedule.schema'
import { toast } from '../../components/toasts/toast'
import { ApiError } from '../../lib/api-client'
import { clearPendingLink, pendingLink } from '../../lib/pending-links'
import { sharedPicksQuery } from './crew.api'

/** A friend's picks, opened from their share link: whose, which sets, whether I follow them. */
export interface OpenedPicks {
  code: string
  owner: Person
  keys: ReadonlySet<string>
  following: boolean
}

/**
 * The picks of the share link that opened the app (`/?picks=CODE`, kept through sign-in), until
 * I close them or follow their owner. A link that no longer works, or my own, is said and dropped.
 */
export function useSharedPicks(myUserId: string): {
  picks: OpenedPicks | undefined
  close: () => void
} {
  const [code, setCode] = useState(() => pendingLink('picks'))
  const query = useQuery({ ...sharedPicksQuery(code ?? ''), enabled: code !== null })
  const close = useMemo(
    () => () => {
      clearPendingLink('picks')
      setCode(null)
    },
    [],
  )
  const { error, data } = query
  const own = data?.owner.userId === myUserId

  useEffect(() => {
    if (own) {
      toast.info('That is your own share link', { description: 'Your stars are on your lineup.' })
      close()
    }
  }, [own, close])
  useEffect(() => {
    // Offline: keep the code for the next start. The server's no is final.
    if (!(error instanceof ApiError) || error.code === 'network_error') return
    toast.error("That share link didn't work", { description: error.message })
    close()
  }, [error, close])

  const picks = useMemo(
    () =>
      code && data && !own
        ? { code, owner: data.owner, keys: new Set(data.keys), following: data.following }
        : undefined,
    [code, data, own],
  )
  return { picks, close }
}
