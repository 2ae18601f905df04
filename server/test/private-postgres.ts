import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/free-port.mjs'

/**
 * A PostgreSQL server of the test's own: a fresh cluster in a temp folder on a free port. Fault
 * tests stop and start it at will without touching the shared server that other suites (and
 * other people's tests) are using at the same moment.
 */
export interface PrivatePostgres {
  /** Connection URL of its `postgres` database. */
  url: string
  port: number
  stop(): void
  start(): Promise<void>
  destroy(): void
}

/** The binaries of the newest PostgreSQL installed from Debian's packages, or from PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(root, versions[0], 'bin')
  }
  return ''
}

export const hasPostgresBinaries = () => {
  try {
    execFileSync(join(binDir(), 'initdb'), ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-pg-'))
  const dataDir = join(dir, 'data')
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
  const asRoot = process.getuid?.() === 0
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir])
  const exec = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, program), args, { stdio: 'pipe' })
  const port = await freePort()
  exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const pgCtl = (action: 'start' | 'stop') =>
    exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      ...(action === 'start' ? ['-o', options, '-w'] : ['-m', 'fast', '-w']),
      action,
    ])
  const start = async () => {
    pgCtl('start')
    for (let i = 0; i < 60; i += 1) {
      try {
        execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q'])
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    throw new Error('the private PostgreSQL did not accept connections within 15 s')
  }
  await start()
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      pgCtl('stop')
      running = false
    },
    async start() {
      await start()
      running = true
    },
    destroy() {
      if (running) pgCtl('stop')
      running = false
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
