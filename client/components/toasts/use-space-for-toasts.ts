import { type RefObject, useEffect } from 'react'

/**
 * While the page's toasts are shown, the page ends that much lower (`--toasts-space`, used by
 * styles.css for the body's bottom padding and the scroll padding): the last button of a screen
 * can be scrolled above the toasts, and one focused from the keyboard is scrolled clear of them.
 */
export function useSpaceForToasts(toaster: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const section = toaster.current
    if (!shown || !section) return
    const root = document.documentElement
    const measure = () => {
      const top = section.getBoundingClientRect().top
      root.style.setProperty('--toasts-space', `${Math.max(0, window.innerHeight - top)}px`)
    }
    measure()
    const resized = new ResizeObserver(measure)
    resized.observe(section)
    return () => {
      resized.disconnect()
      root.style.removeProperty('--toasts-space')
    }
  }, [toaster, shown])
}
