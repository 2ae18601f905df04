import { useSyncExternalStore } from 'react'

/**
 * A value set from outside React (a socket's callback) that only the components reading it with
 * `useWatchedValue` render again for: held in a parent's state, its every change would render
 * the parent and everything under it again, synchronously.
 */
export interface WatchedValue<T> {
  get(): T
  set(value: T): void
  subscribe(listener: () => void): () => void
}

export function watchedValue<T>(initial: T): WatchedValue<T> {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(value) {
      if (Object.is(value, current)) return
      current = value
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The value now, rendering again when it changes. */
export function useWatchedValue<T>(value: WatchedValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.get)
}
