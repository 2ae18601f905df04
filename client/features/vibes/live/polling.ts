import type { LiveStatus } from './live-connection'

/** How often the feed and the count are fetched while the live channel cannot deliver. */
export const POLL_INTERVAL_MS = 30_000

/** The feed queries' `refetchInterval`: they poll only while the live channel falls back. */
export const pollingInterval = (status: LiveStatus): number | false =>
  status === 'polling' ? POLL_INTERVAL_MS : false
