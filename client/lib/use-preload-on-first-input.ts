import { useEffect } from 'react'

const FIRST_INPUT = ['pointerdown', 'keydown', 'wheel'] as const

/**
 * Starts `load` (code for a later step, say) a moment after the user first touches, clicks,
 * scrolls with a wheel or types. Not at start: that is when a slow phone's main thread is busiest.
 */
export function usePreloadOnFirstInput(load: () => Promise<unknown>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const start = () => {
      stopListening()
      // A task of its own after the input's, so the response to that input is not held up.
      timer = setTimeout(() => {
        load().catch((error: unknown) => console.warn('Could not preload code:', error))
      }, 200)
    }
    const stopListening = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, start, true)
    }
    for (const type of FIRST_INPUT) {
      window.addEventListener(type, start, { capture: true, passive: true })
    }
    return () => {
      stopListening()
      clearTimeout(timer)
    }
  }, [load])
}
