import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

/** Runs `npm run db:backup -- FILE`'s script as the README says, and collects what it prints. */
function runBackupCommand(databaseUrl: string, file: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

// The whole routine an organiser follows: back up while the app serves sign-ups, then restore
// the way docs/deployment.md says, and start the app on the restored file.
describe('npm run db:backup, then the documented restore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-backup-cli-'))
  let database: TestDatabase
  let server: ServerProcess
  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    server = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT: 'off' })
  })
  afterAll(async () => {
    await server.stop('SIGKILL')
    await database.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  const signUp = (email: string) =>
    fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    })
  const signIn = (email: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    })

  it('backs up online while sign-ups go on, and the restored file serves the same accounts', async () => {
    const before = Array.from({ length: 5 }, () => uniqueEmail('before'))
    for (const email of before) expect((await signUp(email)).status).toBe(200)

    const backupFile = join(dir, 'backup.db')
    const during = Array.from({ length: 10 }, () => uniqueEmail('during'))
    const [backup, statuses] = await Promise.all([
      runBackupCommand(database.url, backupFile),
      Promise.all(during.map(async (email) => (await signUp(email)).status)),
    ])
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toContain(`Backup written to ${backupFile}`)
    expect(statuses).toEqual(Array(10).fill(200))

    // Restore as documented: stop the app, copy the backup over the database, drop -wal and -shm.
    expect(await server.stop('SIGTERM')).toBe(0)
    const source = database.url.slice('sqlite:'.length)
    copyFileSync(backupFile, source)
    rmSync(`${source}-wal`, { force: true })
    rmSync(`${source}-shm`, { force: true })
    server = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT: 'off' })

    // Everyone who had signed up before the backup can sign in on the restored app.
    for (const email of before) expect((await signIn(email)).status).toBe(200)
    const session = (await (await signIn(before[0]!)).json()) as { access_token: string }
    const count = await fetch(`${server.url}/api/users/count`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    })
    const { count: users } = (await count.json()) as { count: number }
    // The snapshot holds the 5 from before and any of the 10 that committed before it was taken.
    expect(users).toBeGreaterThanOrEqual(5)
    expect(users).toBeLessThanOrEqual(15)
    let restoredDuring = 0
    for (const email of during) if ((await signIn(email)).status === 200) restoredDuring += 1
    expect(users).toBe(5 + restoredDuring)
  }, 90_000)
})
