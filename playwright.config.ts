import { defineConfig } from '@playwright/test'
import { E2E_TMP_DIR, e2eServers } from './e2e/support/servers'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs'
import { e2eOutputDir } from './scripts/e2e-run.mjs'

export default defineConfig({
  testDir: 'e2e',
  // Per port base, so side-by-side runs (E2E_PORT_BASE) don't clean each other's results.
  outputDir: e2eOutputDir(),
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
