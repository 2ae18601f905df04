/** Where Chromium is: CHROMIUM_PATH (CHROME_PATH, the older name, still works), else Debian's. */
export function chromiumPath(): string
/** Chromium features the suites and the bench switch off (the address bar's WebUI popups). */
export const DISABLED_FEATURES: readonly string[]
/** What Playwright switches off itself, repeated in our one `--disable-features`. */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[]
/** The flags for a launcher whose own defaults are `launcherFlags` (their disabled features kept). */
export function chromiumFlagsAfter(launcherFlags: readonly string[]): string[]
/** Headless, off the closed network, our features off: the flags for Playwright. */
export const CHROMIUM_FLAGS: readonly string[]
