import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

// The database holds password hashes and sessions, the outbox live sign-in links: none of it may
// be readable by other users of the machine, whatever the umask.
describe('files the app writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-permissions-'))
  const data = join(dir, 'data')
  const database = join(data, 'vibeconnect.db')
  const outbox = join(data, 'outbox')
  let umask: number
  let server: ServerProcess
  beforeAll(async () => {
    umask = process.umask(0o022) // the usual default, under which files come out 0644
    server = await startServerProcess({
      DATABASE_URL: `sqlite:${database}`,
      MAIL_OUTBOX_DIR: outbox,
      AUTH_EMAIL_CONFIRMATION: 'true',
      RATE_LIMIT: 'off',
    })
  })
  afterAll(async () => {
    await server.stop('SIGKILL')
    process.umask(umask)
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps the database, its -wal and -shm, and the outbox to their owner', async () => {
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('private'), password: GOOD_PASSWORD }),
    })
    expect(signUp.status).toBe(200)
    await vi.waitFor(() => expect(existsSync(outbox) && readdirSync(outbox)).toHaveLength(1))

    expect(modeOf(data)).toBe('700')
    for (const file of [database, `${database}-wal`, `${database}-shm`]) {
      expect(modeOf(file), file).toBe('600')
    }
    expect(modeOf(outbox)).toBe('700')
    const [mail] = readdirSync(outbox)
    expect(modeOf(join(outbox, mail!))).toBe('600')
  })

  it('writes backups (and the folder it makes for them) for their owner only', async () => {
    const backup = join(dir, 'backups', 'nightly.db')
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/cli/backup.ts', backup],
      { env: { ...process.env, DATABASE_URL: `sqlite:${database}` } },
    )
    expect(modeOf(join(dir, 'backups'))).toBe('700')
    expect(modeOf(backup)).toBe('600')
  })
})
