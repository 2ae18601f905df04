/**
 * index.html paints "Loading VibeConnect..." (`#boot-loading`) before any script has loaded, so a
 * phone on a slow network sees the app at once instead of a blank page. Every loading screen the
 * app shows after that keeps this one element on screen rather than drawing its own: the message
 * never flickers between waits (session check, code download, first data), and the page's
 * first contentful paint stays the early one. Once no loading screen is mounted, it is removed.
 */
export const BOOT_LOADING_ID = 'boot-loading'

let holders = 0

/** Whether index.html's loading element is still on the page. */
export function bootLoadingShown(): boolean {
  return document.getElementById(BOOT_LOADING_ID) !== null
}

/** A loading screen mounts: keep the element. Returns the release for when it unmounts. */
export function holdBootLoading(): () => void {
  holders += 1
  let released = false
  return () => {
    if (released) return
    released = true
    holders -= 1
    releaseWhenUnheld()
  }
}

/**
 * Removes the element unless a loading screen holds it. Deferred to a microtask, which runs after
 * React's commit: when one loading screen replaces another in the same commit, the old one's
 * release comes before the new one's hold, and the element must survive that hand-over.
 */
export function releaseWhenUnheld(): void {
  queueMicrotask(() => {
    if (holders === 0) document.getElementById(BOOT_LOADING_ID)?.remove()
  })
}
