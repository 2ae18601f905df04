import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BlockList } from '../../../shared/blocks/blocks.schema'
import { ApiError, apiRequest } from '../../lib/api-client'
import { currentAccessToken } from '../../lib/session'

export const accountKeys = {
  blocks: () => ['account', 'blocks'] as const,
}

/** The people I blocked; read afresh each time the dialog opens (blocks are made in the feed). */
export const useBlockedPeople = () =>
  useQuery({
    queryKey: accountKeys.blocks(),
    queryFn: ({ signal }) => apiRequest<BlockList>('/api/blocks', { signal }),
    refetchOnMount: 'always',
  })

/** Lifts a block: the person leaves the list at once; the feed refetches when the server says. */
export function useUnblock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData(accountKeys.blocks(), (list: BlockList | undefined) =>
        list ? { blocked: list.blocked.filter((person) => person.userId !== userId) } : list,
      )
    },
  })
}

/** `DELETE /api/account`, proven by my password. */
export const deleteMyAccount = (password: string) =>
  apiRequest('/api/account', { method: 'DELETE', body: { password } }).then(() => undefined)

/**
 * Downloads everything stored about me as the JSON file the server names. The request carries my
 * token, which a plain link cannot, so the answer is saved through a temporary object URL.
 */
export async function downloadMyData(): Promise<void> {
  const token = await currentAccessToken()
  let response: Response
  try {
    response = await fetch('/api/account/export', {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  } catch {
    throw new ApiError(0, 'network_error', 'You seem to be offline. Check your connection.')
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof payload?.message === 'string' ? payload.message : 'Download failed'
    throw new ApiError(response.status, 'internal_error', message)
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'vibeconnect-my-data.json'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
