import { queryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { LineupResponse } from '../../../shared/lineup/lineup.schema'
import { takeEarlyResponse } from '../../lib/early-requests'

// The entry script asks for it early when the first view shows it (app/start-requests.ts).
const LINEUP_PATH = '/api/lineup'

/** The lineup could not be fetched; `message` is the server's when it sent one. */
export class LineupFetchError extends Error {
  override name = 'LineupFetchError'
}

/**
 * Fetches the lineup. Its failures come in the spec's `{ success: false, error }` envelope, not
 * the app's `{ code, message }`, hence a fetch of its own rather than `apiRequest`. No ETag code:
 * the server says `no-cache`, so the browser's HTTP cache revalidates and turns a 304 into the
 * cached 200 for us.
 */
export async function getLineup(signal?: AbortSignal): Promise<LineupResponse> {
  let response: Response
  try {
    // The entry script may have asked already, when the first view shows the lineup.
    const early = await takeEarlyResponse(LINEUP_PATH, null)
    response =
      early ?? (await fetch(LINEUP_PATH, { headers: { Accept: 'application/json' }, signal }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new LineupFetchError('You seem to be offline. Check your connection.')
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = (payload as { success?: unknown; error?: unknown } | null)?.error
    throw new LineupFetchError(
      typeof error === 'string' ? error : `Request failed (${response.status})`,
    )
  }
  // The server checked every set on import (LineupItemSchema); here only the envelope is checked,
  // which tells our answer from a WiFi sign-in page's (ADR 016).
  const lineup = payload as Partial<LineupResponse> | null
  if (lineup?.success !== true || !Array.isArray(lineup.data) || !lineup.lastUpdated) {
    throw new LineupFetchError('The lineup came back in an unexpected shape')
  }
  return lineup as LineupResponse
}

export const lineupQuery = queryOptions({
  queryKey: ['lineup'],
  queryFn: ({ signal }) => getLineup(signal),
  // One quick retry for a festival-network blip; the user has a Refresh button for the rest.
  retry: 1,
  retryDelay: 1000,
  // The card loads the lineup each time it shows, however fresh the cache (the query cache's
  // default keeps answers 10 s): the spec toasts every load, and an unchanged lineup is a 304.
  staleTime: 0,
})

export type LineupQuery = UseQueryResult<LineupResponse, Error>

/** The lineup query: data, status and `refetch` for the Refresh button. */
export function useLineup(): LineupQuery {
  return useQuery(lineupQuery)
}

/**
 * Reloads the lineup, for the live channel's `lineup` message (the server's lineup changed): the
 * card, now and next follow without a Refresh.
 */
export function useReloadLineup(): () => void {
  const queryClient = useQueryClient()
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: lineupQuery.queryKey })
  }, [queryClient])
}

/**
 * Checks, quietly, whether the lineup changed while the live channel could not say so (before it
 * connected, while it was down): after each of its `ready`s. The answer is usually a 304; only a
 * lineup that did change replaces the one shown (and toasts, as any new lineup does). Resolves
 * whether it changed. A lineup never loaded here is left to its first load.
 */
export function useResyncLineup(): () => Promise<boolean> {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const shown = queryClient.getQueryData(lineupQuery.queryKey)
    if (!shown) return false
    const now = await getLineup().catch(() => undefined)
    if (!now || now.lastUpdated === shown.lastUpdated) return false
    queryClient.setQueryData(lineupQuery.queryKey, now)
    return true
  }, [queryClient])
}
