// Where one browser-suite run listens and keeps its files: read by playwright.config.ts (through
// e2e/support/servers.ts) and by npm test, which reads the run's report.
import { freePortsSync, portsInUseSync } from './free-port.mjs'

/** The shared servers of a run: SQLite, strict (confirmation on, short tokens), PostgreSQL. */
const SERVERS = 3

/**
 * The shared servers' ports. E2E_PORT_BASE pins them to BASE, BASE+1 and BASE+2 (and they must be
 * free: a port someone else holds fails here, by its number). Otherwise free ports are picked.
 * Either way this runs once, in Playwright's main process, which keeps the ports in E2E_PORTS: its
 * workers and web servers inherit the environment, so every process of the run agrees on them.
 */
export function e2ePorts(env = process.env) {
  if (!env.E2E_PORTS) env.E2E_PORTS = (pinnedPorts(env) ?? freePortsSync(SERVERS)).join(',')
  return env.E2E_PORTS.split(',').map(Number)
}

function pinnedPorts(env) {
  if (!env.E2E_PORT_BASE) return undefined
  const base = Number(env.E2E_PORT_BASE)
  if (!Number.isInteger(base) || base < 1 || base + SERVERS - 1 > 65_535) {
    throw new Error(`E2E_PORT_BASE must be a port number, got ${env.E2E_PORT_BASE}`)
  }
  const ports = Array.from({ length: SERVERS }, (_, index) => base + index)
  const inUse = portsInUseSync(ports)
  if (inUse.length > 0) {
    throw new Error(
      `E2E_PORT_BASE=${base}: port ${inUse.join(', ')} is in use. Pick another base, or unset ` +
        'E2E_PORT_BASE to let the suite pick free ports.',
    )
  }
  return ports
}

/**
 * The run's folder for databases and outboxes (its report is `<folder>-playwright.json`): one per
 * E2E_PORT_BASE, so runs side by side in one checkout keep apart.
 */
export const e2eTmpDir = (env = process.env) =>
  env.E2E_PORT_BASE ? `.tmp/e2e-${env.E2E_PORT_BASE}` : '.tmp/e2e'

/** Playwright's output folder (traces, screenshots of failures), kept apart the same way. */
export const e2eOutputDir = (env = process.env) =>
  env.E2E_PORT_BASE ? `test-results/e2e-${env.E2E_PORT_BASE}` : 'test-results/e2e'
