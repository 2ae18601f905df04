/** A clock tests move by hand; the app reads it through `now`. Starts at the real time. */
export function createFakeClock(start = Date.now()) {
  let current = start
  return {
    now: () => current,
    advance(ms: number) {
      current += ms
    },
  }
}
