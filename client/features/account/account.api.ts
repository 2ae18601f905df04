import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BlockList } from '../../../shared/blocks/blocks.schema'
import { apiRequest } from '../../lib/api-client'
import { downloadFile } from '../../lib/download-file'

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

/** Downloads everything stored about me as the JSON file the server names. */
export const downloadMyData = () => downloadFile('/api/account/export', 'vibeconnect-my-data.json')
