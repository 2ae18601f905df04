import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from '../../scripts/free-port.mjs'
import { processCpuMs } from './cpu-time'
import { BENCH_GATEWAYS } from './wifi'

/** The key of the organiser's stage-code pages on the bench server. */
export const BENCH_STAGE_PAGES_KEY = 'bench-organiser-stage-pages'

export interface BenchServer {
  url: string
  port: number
  pid: number
  /** Process spawn to the first `/readyz` 200, in milliseconds. */
  startupMs: number
  /** Resident memory in KiB, from /proc/<pid>/status (what the kernel charges the process). */
  rssKb(): number
  /** CPU time the server has used so far (user + system), from /proc/<pid>/stat. */
  cpuMs(): number
  /** The server's soft open-file limit, from /proc/<pid>/limits. */
  openFileLimit(): number | null
  output(): string
  stop(): Promise<void>
}

export interface ServerOptions {
  databaseUrl: string
  mailDir: string
  /** Extra node flags, e.g. `--cpu-prof` when profiling. */
  nodeArgs?: string[]
  /**
   * The port (and so the public URL, which is the access tokens' issuer) of the server this one
   * replaces: a restart keeps the address, as a deploy does, so sessions from before stay valid.
   */
  port?: number
  /** What node runs: the built server by default; `['--import', 'tsx', 'server/main.ts']` runs the source. */
  entry?: string[]
  /** Settings over the bench's own (e.g. `AUTH_EMAIL_CONFIRMATION`). */
  env?: Record<string, string>
}

/** Starts the built server exactly as production does, and times it until it is ready. */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const port = options.port ?? (await freePort())
  const gatewaysFile = join(dirname(options.mailDir), 'wifi-gateways.json')
  writeFileSync(gatewaysFile, JSON.stringify(BENCH_GATEWAYS))
  const started = performance.now()
  const entry = options.entry ?? ['dist/server/main.js']
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl,
      MAIL_OUTBOX_DIR: options.mailDir,
      CLIENT_DIST_DIR: './dist/client',
      // Every bench client comes from 127.0.0.1; the per-address cap (50) would refuse them.
      LIVE_MAX_CONNECTIONS_PER_IP: '100000',
      // The portal's sign-ins rotate over the seeded accounts, a device each time.
      WIFI_GATEWAYS_FILE: gatewaysFile,
      WIFI_DEVICES_PER_ACCOUNT: '50',
      // The organiser's stage-code pages, where the game's check-ins read the codes.
      GAME_STAGE_PAGES_KEY: BENCH_STAGE_PAGES_KEY,
      // The operators' /metrics and their per-request hook, to measure what they cost.
      ...(process.env.BENCH_METRICS_TOKEN
        ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const startupMs = await waitUntilReady(child, url, started, () => output)
  return {
    url,
    port,
    pid: child.pid!,
    startupMs,
    rssKb: () => readStatusKb(child.pid!, 'VmRSS'),
    cpuMs: () => processCpuMs(child.pid!),
    openFileLimit: () => readOpenFileLimit(child.pid!),
    output: () => output,
    stop: () => stopChild(child),
  }
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  started: number,
  output: () => string,
): Promise<number> {
  const deadline = started + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output()}`)
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ready) return performance.now() - started
    if (performance.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server not ready after 30 s:\n${output()}`)
    }
    // Polling every 5 ms keeps the measurement's own error small next to a 1.5 s budget.
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function readStatusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  return match ? Number(match[1]) : Number.NaN
}

function readOpenFileLimit(pid: number): number | null {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8')
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits)
  return match?.[1] && match[1] !== 'unlimited' ? Number(match[1]) : null
}
