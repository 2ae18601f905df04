import { spawn } from 'node:child_process'

export type LoadScenario =
  | { kind: 'get'; path: string; headers: Array<Record<string, string>> }
  | { kind: 'signin'; emails: string[]; password: string }
  | { kind: 'refresh'; tokens: string[] }

export interface LoadSpec {
  url: string
  connections: number
  warmupS: number
  durationS: number
  /** Fixed offered load (requests/s over all connections); unset: as fast as answers come. */
  overallRate?: number
  expectStatus: number
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

/**
 * Runs one load and reads the server's CPU time around it: CPU per request is the figure that
 * stays meaningful when the generator or other work competes with the server for the cores.
 */
export async function runLoadOn(
  server: { cpuMs(): number },
  spec: LoadSpec,
): Promise<LoadResult & { cpuUsPerRequest: number }> {
  const before = server.cpuMs()
  const result = await runLoad(spec)
  const cpuUsPerRequest = ((server.cpuMs() - before) * 1000) / Math.max(1, result.answered)
  return { ...result, cpuUsPerRequest }
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
