// Debian's Chromium, never a downloaded browser: one place for where it is and how it starts, used
// by the browser suite (playwright.config.ts), npm test and the Lighthouse benchmark.

/** Where Chromium is: CHROMIUM_PATH (CHROME_PATH, the older name, still works), else Debian's. */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

/**
 * Chromium features the suites and the bench switch off. Chromium 156 preloads the address bar's
 * WebUI popups (two renderer processes) for every window, headless ones too: on the two-core CI
 * machine each new page then kept ~1.5 cores busy for a second, which made the browser suite take
 * twice as long and its stories with several devices run out of time (ADR 039).
 */
export const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
]

/**
 * What Playwright (1.65) switches off itself. Chromium reads only the last `--disable-features`
 * it is given, so ours must repeat these; e2e/chromium-flags.spec.ts fails when Playwright's list
 * grows.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/** Headless, and kept off this machine's closed network (no updates, sync or background calls). */
const BASE_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The flags for a launcher whose own default flags are `launcherFlags`: its `--disable-features`
 * list and ours in the one switch Chromium reads.
 */
export function chromiumFlagsAfter(launcherFlags) {
  const theirs = launcherFlags
    .filter((flag) => flag.startsWith('--disable-features='))
    .flatMap((flag) => flag.slice('--disable-features='.length).split(','))
  const features = [...new Set([...theirs, ...DISABLED_FEATURES])].filter(Boolean)
  return [...BASE_FLAGS, `--disable-features=${features.join(',')}`]
}

/** The flags for Playwright, which launches every browser of the suites but Lighthouse's. */
export const CHROMIUM_FLAGS = chromiumFlagsAfter([
  `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
])
