// Debian's Chromium, never a downloaded browser: one place for where it is and how it starts, used
// by the browser suite (playwright.config.ts), npm test and the Lighthouse benchmark.

/** Where Chromium is: CHROMIUM_PATH (CHROME_PATH, the older name, still works), else Debian's. */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Headless, and kept off this machine's closed network (no updates, sync or background calls). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
