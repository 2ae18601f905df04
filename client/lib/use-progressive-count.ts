import { startTransition, useEffect, useState } from 'react'

/**
 * How many of `total` items to draw now: `first` at once, then `step` more in each later task,
 * until all are drawn. A long list then reaches the page in commits a slow phone does in a few
 * milliseconds each, instead of one long task that holds off a tap (Total Blocking Time). Each
 * step is a transition, so typing or a tap goes first.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + step)))
    return () => clearTimeout(timer)
  }, [shown, total, step])
  return Math.min(shown, total)
}
