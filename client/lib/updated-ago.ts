const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago data was last fetched, for "Offline · updated 12 min ago": whole minutes under an
 * hour, whole hours under two days, then days. A time in the future (a clock put back) is "just now".
 */
export function updatedAgo(updatedAt: number, now: number): string {
  const elapsed = now - updatedAt
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < 2 * DAY) return `${Math.floor(elapsed / HOUR)} h ago`
  return `${Math.floor(elapsed / DAY)} days ago`
}
