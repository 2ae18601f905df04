import { spawn } from 'node:child_process'
import { machineCpuMs, postgresCpuMs } from './cpu-time'

export type LoadScenario =
  | { kind: 'get'; path: string; headers: Array<Record<string, string>> }
  /** GETs of several paths (each with its headers), cycled through: many users' own addresses. */
  | { kind: 'gets'; requests: Array<{ path: string; headers: Record<string, string> }> }
  | { kind: 'signin'; emails: string[]; password: string }
  | { kind: 'refresh'; tokens: string[] }
  /** Prebuilt PATCH requests (each user's own vibe), cycled through. */
  | {
      kind: 'patch'
      requests: Array<{ path: string; headers: Record<string, string>; body: string }>
    }
  /** A phone through the WiFi portal: openNDS's redirect (GET), then the sign-in form (POST). */
  | {
      kind: 'portal-signin'
      gateway: { id: string; name: string }
      emails: string[]
      password: string
    }
  /** A level-3 gateway's authmon poll of an empty queue. */
  | { kind: 'authmon'; gateway: { id: string; name: string }; gatewayHash: string }
  /**
   * Prebuilt requests each sent once, in order, over all connections (a stage check-in, a first
   * update of the day): with `amount`, and a few more requests than it, as spares.
   */
  | {
      kind: 'each'
      method: 'POST' | 'PATCH' | 'PUT'
      requests: Array<{ path: string; headers: Record<string, string>; body: string }>
    }

export interface LoadSpec {
  url: string
  connections: number
  warmupS: number
  durationS: number
  /** Fixed offered load (requests/s over all connections); unset: as fast as answers come. */
  overallRate?: number
  /** Requests to send in all, instead of for `durationS` (which is then only a label). */
  amount?: number
  expectStatus: number
  /** Statuses that are neither counted nor unexpected (a scenario's preparatory requests). */
  ignoreStatus?: number[]
  scenario: LoadScenario
}

export interface LoadResult {
  /** Answers with the expected status per second. */
  rps: number
  expected: number
  /** Every answer, warm-up included: what the server's CPU time is divided by. */
  answered: number
  unexpected: Record<string, number>
  errors: number
  timeouts: number
  latency: { mean: number; p50: number; p90: number; p99: number; max: number }
  durationS: number
}

/** CPU time per answered request, in microseconds, over one load. */
export interface CpuPerRequest {
  /** The app server process (all its threads). */
  cpuUsPerRequest: number
  /** Every PostgreSQL process on the machine; about 0 on SQLite. */
  databaseCpuUsPerRequest: number
  /** Every process on the machine, load generator included: what the cores must fit. */
  machineCpuUsPerRequest: number
  /** Taken by the hypervisor for other guests, per request: noise, not our work. */
  stolenCpuUsPerRequest: number
}

/**
 * Runs one load and reads CPU time around it: CPU per request is the figure that stays
 * meaningful when the generator or other work competes with the server for the cores, and the
 * machine's total shows when the cores, not the server, are the limit.
 */
export async function runLoadOn(
  server: { cpuMs(): number },
  spec: LoadSpec,
  /** Waits this long after the last answer before reading CPU: work a request left running. */
  settleMs = 0,
): Promise<LoadResult & CpuPerRequest> {
  const before = { server: server.cpuMs(), database: postgresCpuMs(), machine: machineCpuMs() }
  const result = await runLoad(spec)
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs))
  const machine = machineCpuMs()
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.answered)
  return {
    ...result,
    cpuUsPerRequest: perRequest(server.cpuMs() - before.server),
    databaseCpuUsPerRequest: perRequest(postgresCpuMs() - before.database),
    machineCpuUsPerRequest: perRequest(machine.busy - before.machine.busy),
    stolenCpuUsPerRequest: perRequest(machine.stolen - before.machine.stolen),
  }
}

/** Runs one autocannon load in its own process (bench/workers/http-load.ts). */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/workers/http-load.ts'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = stdout.trim().split('\n').at(-1)
      if (code !== 0 || !line) return reject(new Error(`load worker failed (${code}): ${stderr}`))
      resolve(JSON.parse(line) as LoadResult)
    })
    child.stdin.end(JSON.stringify(spec))
  })
}

/** A short human summary for the progress log. */
export function describeLoad(result: LoadResult): string {
  const bad = Object.entries(result.unexpected)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ')
  const problems = [bad, result.errors ? `${result.errors} errors` : ''].filter(Boolean).join(', ')
  const cpu =
    'cpuUsPerRequest' in result
      ? `, server CPU ${Math.round(Number(result.cpuUsPerRequest))} µs/req`
      : ''
  return `${Math.round(result.rps)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${cpu}${problems ? ` (${problems})` : ''}`
}
