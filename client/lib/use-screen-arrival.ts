import { type RefObject, useEffect } from 'react'

// The screen shown last in this page's life, by name: the page's first screen is where the
// browser put the reader, and each later one replaces another without a page load.
let lastScreen: string | null = null

/**
 * A screen that replaces another (signed up: "Set Your Vibe!"; joined: the main app; signed out:
 * the sign-in screen) is announced as a new page would be: the document's title names it, the
 * window is scrolled to its top (the screen before may have been scrolled down), and the keyboard
 * and screen-reader focus moves to its heading (`tabIndex={-1}`), not to the page's start, where
 * the removed screen's focus fell. The page's first screen is left as the browser placed it.
 */
export function useScreenArrival(
  screen: string,
  title: string,
  heading: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    document.title = title
    const replacing = lastScreen !== null && lastScreen !== screen
    lastScreen = screen
    if (!replacing) return
    window.scrollTo(0, 0)
    heading.current?.focus({ preventScroll: true })
  }, [screen, title, heading])
}

/** Forgets the screens shown (tests render each screen as a page's first). */
export function resetScreenArrivals(): void {
  lastScreen = null
}
