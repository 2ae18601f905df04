import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { GameState, StageCheckIn } from '../../../shared/game/game.schema'
import { apiRequest } from '../../lib/api-client'

export const gameKeys = { state: () => ['game'] as const }

export const gameQuery = queryOptions({
  queryKey: gameKeys.state(),
  queryFn: () => apiRequest<GameState>('/api/game'),
})

/** My level, points, badges and invite link. */
export const useGame = () => useQuery(gameQuery)

/** Checks in at a stage with the code shown there; the answer carries my game after it. */
export function useStageCheckIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<StageCheckIn>('/api/game/check-ins', { method: 'POST', body: { code } }),
    onSuccess: (answer) => queryClient.setQueryData(gameKeys.state(), answer.game),
  })
}

/** Joins the crew of the friend whose invite link opened the app. */
export const acceptInvite = (code: string) =>
  apiRequest<{ accepted: boolean }>('/api/game/invites', { method: 'POST', body: { code } })
