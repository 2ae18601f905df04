import { defineConfig } from '@playwright/test'
import { E2E_TMP_DIR, e2eServers } from './e2e/support/servers'

// Debian's Chromium, never a downloaded browser. The flags keep it off this machine's closed network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'e2e',
  // Per port base, so side-by-side runs (E2E_PORT_BASE, see e2e/support/servers.ts) don't clean
  // each other's results.
  outputDir: process.env.E2E_PORT_BASE
    ? `test-results/e2e-${process.env.E2E_PORT_BASE}`
    : 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `${E2E_TMP_DIR}-playwright.json` }]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
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
