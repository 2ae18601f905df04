/** Where Chromium is: CHROMIUM_PATH (CHROME_PATH, the older name, still works), else Debian's. */
export function chromiumPath(): string
/** Headless, and kept off this machine's closed network (no updates, sync or background calls). */
export const CHROMIUM_FLAGS: readonly string[]
