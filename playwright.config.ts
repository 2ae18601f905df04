import { defineConfig } from '@playwright/test'
import { E2E_TMP_DIR, e2eServers } from './e2e/support/servers'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs'
import { e2eOutputDir } from './scripts/e2e-run.mjs'

export default defineConfig({
  testDir: 'e2e',
  // Per port base, so side-by-side runs (E2E_PORT_BASE) don't clean each other's results.
  outputDir: e2eOutputDir(),
  // Waits for the screen, not speed checks (those are the bench's, and the few stories that time
  // delivery say so with a timeout of their own). The shared two-core machines swing 3x in speed:
  // on a slow day a second device's first screen took over 5 s and a multi-device story over 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // In CI a failed story is tried once more; npm test names one that then passes as flaky, and
  // fails the run when it is flaky twice in a row (docs/reliability.md, "Flaky tests").
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `${E2E_TMP_DIR}-playwright.json` }]],
  use: {
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_FLAGS],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: e2eServers.map((server) => ({
    name: server.name,
    grep: server.grep,
    grepInvert: server.grepInvert,
    use: { baseURL: server.baseURL },
  })),
  webServer: e2eServers.map((server) => ({
    command: 'node dist/server/main.js',
    url: `${server.baseURL}/readyz`,
    env: server.env,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
})
