import { useSyncExternalStore } from 'react'

const TICK_MS = 15_000

// One clock for the whole page: every component showing a relative time reads the same value,
// and a single interval runs only while at least one of them is on screen.
let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

const getSnapshot = () => now

/** The current time in epoch milliseconds, refreshed every 15 s by one shared timer. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

/**
 * What `read` makes of the current time (today's date, the minute, a row of a timetable): the
 * component renders again only when that changes, not on every tick. `read` should return a
 * string, a number or another value compared by identity.
 */
export function useNowAs<T>(read: (now: number) => T): T {
  const snapshot = () => read(now)
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
