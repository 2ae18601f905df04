import { execFile, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The lab's scripts, and where setup.sh keeps its state and logs (handed to it as LAB_DIR). */
export const LAB_SCRIPTS = fileURLToPath(new URL('.', import.meta.url))
const REPO = resolve(LAB_SCRIPTS, '../../..')
/**
 * Never under /tmp: the router's /tmp is replaced by a folder of the lab's, and everything here
 * must stay visible inside the router. A checkout under /tmp keeps its lab in /var/tmp.
 */
export const LAB_DIR =
  process.env.LAB_DIR ??
  (REPO.startsWith('/tmp/') ? '/var/tmp/vibeconnect/opennds-lab' : join(REPO, '.tmp/opennds-lab'))
export const INTERNET = 'http://198.51.100.2'
const INET_NS = 'vcl-inet'

/** What setup.sh wrote to lab.json. */
export interface LabInfo {
  level: 1 | 3
  publicUrl: string
  gatewayId: string
  gatewayName: string
  /** openNDS's PID: ndsctl runs in its namespaces (its /tmp holds the control socket). */
  routerPid: number
  checkInterval: number
}

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command; a non-zero exit is an answer (curl's 7: refused), not an exception. */
export function run(command: string, args: string[], timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 8 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
      resolve({ code, stdout, stderr })
    })
  })
}

const script = (name: string) => join(LAB_SCRIPTS, name)

/** Removes whatever a lab left behind (an earlier run that was killed); safe when none is up. */
export function tearDownLab(): string {
  const result = spawnSync('bash', [script('teardown.sh')], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, LAB_DIR },
  })
  return `${result.stdout}${result.stderr}`
}

/** The lab runs the built server: build it first when the sources are newer (as npm start does). */
export function ensureBuild(): void {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/ensure-build.mjs')).ensureBuild()"],
    { cwd: REPO, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status})`)
}

/** Builds the lab at `level` with our built server as its FAS; throws with setup.sh's words. */
export function setUpLab(level: 1 | 3, env: Record<string, string>): Lab {
  tearDownLab()
  const result = spawnSync('bash', [script('setup.sh')], {
    encoding: 'utf8',
    timeout: 150_000,
    env: {
      ...process.env,
      ...env,
      LEVEL: String(level),
      NODE: process.execPath,
      LAB_DIR,
    },
  })
  if (result.status !== 0) {
    throw new Error(
      `the lab did not come up at level ${level} (setup.sh exited ${result.status}):\n${result.stdout}${result.stderr}`,
    )
  }
  return new Lab(JSON.parse(readFileSync(join(LAB_DIR, 'lab.json'), 'utf8')))
}

export class Lab {
  constructor(readonly info: LabInfo) {}

  /** The portal's address, openNDS's `fasremoteip:fasport/faspath`. */
  get portal(): string {
    return `${this.info.publicUrl}/wifi/portal/${this.info.gatewayId}/`
  }

  /** curl's arguments to trust the lab's certificate (level 3's https). */
  get tls(): string[] {
    return this.info.level === 3 ? ['--cacert', join(LAB_DIR, 'fas.crt')] : []
  }

  /** ndsctl on the router; it exits 4, silently, while another ndsctl or BinAuth holds its lock. */
  async ndsctl(...args: string[]): Promise<Run> {
    let result: Run = { code: -1, stdout: '', stderr: '' }
    for (let i = 0; i < 20; i++) {
      result = await run('nsenter', [
        '-t',
        String(this.info.routerPid),
        '-m',
        '-n',
        'ndsctl',
        ...args,
      ])
      if (result.code !== 4) return result
      await sleep(250)
    }
    return result
  }

  /** openNDS's record of a client (state, session, custom), or null when it knows none. */
  async client(ip: string): Promise<Record<string, string> | null> {
    const { stdout } = await this.ndsctl('json', ip)
    const start = stdout.indexOf('{')
    if (start < 0) return null
    const record = JSON.parse(stdout.slice(start, stdout.lastIndexOf('}') + 1))
    return record.ip === ip ? record : null
  }

  /** The app's JSON API, called from "the internet" as any client of the app would. */
  async api(method: string, path: string, body?: unknown, token?: string) {
    const args = ['-s', '-m', '10', ...this.tls, '-X', method, '-w', '\n%{http_code}']
    if (body !== undefined)
      args.push('-H', 'content-type: application/json', '-d', JSON.stringify(body))
    if (token) args.push('-H', `authorization: Bearer ${token}`)
    const { stdout } = await run('ip', [
      'netns',
      'exec',
      INET_NS,
      'curl',
      ...args,
      `${this.info.publicUrl}${path}`,
    ])
    const cut = stdout.lastIndexOf('\n')
    const text = stdout.slice(0, cut)
    return { status: Number(stdout.slice(cut + 1)), json: text ? JSON.parse(text) : null }
  }

  /** The last lines of one of the lab's logs (those matching `only`, if given). */
  log(name: string, lines = 30, only?: RegExp): string {
    const file = join(LAB_DIR, 'logs', name)
    if (!existsSync(file)) return `(no ${name})`
    const all = readFileSync(file, 'utf8').split('\n')
    return (only ? all.filter((line) => only.test(line)) : all).slice(-lines).join('\n')
  }

  /**
   * When the gateway last ended `ip`'s session because its time was up, by the gateway's own log
   * (to the second; the machine's local time, which the router shares), or null.
   */
  sessionEndedAt(ip: string): number | null {
    const ended = new RegExp(
      `Session end time reached, deauthenticating: ${ip.replaceAll('.', '\\.')} `,
    )
    const stamp = /^\[\d\]\[([^\]]+)\]/.exec(this.log('opennds.log', 1, ended))?.[1]
    return stamp ? Date.parse(stamp) : null
  }

  /** openNDS's last lines at error level or worse (its `[0]`–`[3]`), or "(none)". */
  gatewayErrors(lines = 3): string {
    return this.log('opennds.log', lines, /^\[[0-3]\]/).trim() || '(none)'
  }

  /** What the gateway, its authmon and the server said last: printed when a test fails. */
  diagnostics(): string {
    const logs: [string, RegExp?][] = [
      ['opennds.log', /authmon|binauth|error|fail|busy|locked/i],
      ['server.log'],
      ['nginx-access.log'],
    ]
    return logs
      .map(([name, only]) => `--- the last lines of ${name} ---\n${this.log(name, 40, only)}`)
      .join('\n')
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it returns a value, or throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting ${timeoutMs / 1000} s for ${what}`)
    await sleep(everyMs)
  }
}
