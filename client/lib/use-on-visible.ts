import { type RefObject, useEffect, useRef } from 'react'

/**
 * Calls `onVisible` whenever the element scrolls within `marginPx` of the viewport, for example
 * to load the next page before the reader reaches the end.
 */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  { enabled = true, marginPx = 400 }: { enabled?: boolean; marginPx?: number } = {},
): void {
  // The latest callback, without re-creating the observer on every render.
  const callback = useRef(onVisible)
  callback.current = onVisible

  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: `${marginPx}px 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, enabled, marginPx])
}
