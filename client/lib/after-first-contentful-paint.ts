import { afterNextPaint } from './after-next-paint'

/** A page opened in a background tab paints nothing until shown; the callback waits this long. */
const LONGEST_WAIT_MS = 10_000

/**
 * Runs `callback` once the browser has recorded the page's first contentful paint (FCP), the
 * moment the user first saw something. Animation frames are not enough for that: FCP's time is
 * when the frame was presented, and on a busy machine a timeout queued two frames later ran
 * before it (e2e/reminders.spec.ts caught 413 ms against 424). A browser without paint timing
 * waits for the next frame instead; a page that paints nothing within 10 s (a background tab)
 * runs it then.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  if (!paintTiming) {
    afterNextPaint(callback)
    return
  }
  let done = false
  const run = () => {
    if (done) return
    done = true
    observer.disconnect()
    clearTimeout(fallback)
    // Out of the observer's callback, so the work does not delay the browser's own.
    setTimeout(callback)
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run()
  })
  const fallback = setTimeout(run, LONGEST_WAIT_MS)
  // `buffered`: an FCP recorded before this call is delivered at once.
  observer.observe({ type: 'paint', buffered: true })
}
