export interface BackoffOptions {
  baseMs: number
  maxMs: number
  /** A number in [0, 1); Math.random by default, fixed in tests. */
  random?: () => number
}

/**
 * The wait before retry number `attempt` (0 for the first): exponential, capped, with "equal
 * jitter" (half fixed, half random) so that thousands of clients dropped at once by the same
 * outage do not all come back in the same instant, yet none retries immediately.
 */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs, random = Math.random }: BackoffOptions,
) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
