import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query'
import {
  LineupFailureSchema,
  type LineupResponse,
  LineupResponseSchema,
} from '../../../shared/lineup/lineup.schema'

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
    response = await fetch('/api/lineup', { headers: { Accept: 'application/json' }, signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new LineupFetchError('You seem to be offline. Check your connection.')
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const failure = LineupFailureSchema.safeParse(payload)
    throw new LineupFetchError(
      failure.success ? failure.data.error : `Request failed (${response.status})`,
    )
  }
  const lineup = LineupResponseSchema.safeParse(payload)
  if (!lineup.success) throw new LineupFetchError('The lineup came back in an unexpected shape')
  return lineup.data
}

export const lineupQuery = queryOptions({
  queryKey: ['lineup'],
  queryFn: ({ signal }) => getLineup(signal),
  // One quick retry for a festival-network blip; the user has a Refresh button for the rest.
  retry: 1,
  retryDelay: 1000,
})

export type LineupQuery = UseQueryResult<LineupResponse, Error>

/** The lineup query: data, status and `refetch` for the Refresh button. */
export function useLineup(): LineupQuery {
  return useQuery(lineupQuery)
}
