const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * How long ago `then` was, as the feed shows it: `Just now`, `Nm ago`, `Nh ago` or `Nd ago`.
 * A time in the future (clock skew between devices) reads as `Just now`.
 */
export function formatRelativeTime(then: Date | string | number, now: number): string {
  const elapsed = now - new Date(then).getTime()
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return 'Just now'
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`
  return `${Math.floor(elapsed / DAY_MS)}d ago`
}
