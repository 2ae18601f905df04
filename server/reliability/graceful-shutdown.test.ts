import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

// SIGTERM while requests are in flight: they finish, then the process leaves promptly.
describe('SIGTERM under load', () => {
  let database: TestDatabase
  let server: ServerProcess
  // Real server processes start slowly on a busy two-core machine.
  beforeAll(async () => {
    database = await createTestDatabase()
    server = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT: 'off' })
  })
  afterAll(async () => {
    await server.stop('SIGKILL')
    await database.drop()
  })

  it('finishes in-flight requests and exits 0 within the grace period', async () => {
    // Open the sockets first, so the sign-ups below reach the server at once on warm
    // connections and are surely in flight when the signal lands.
    await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${server.url}/healthz`).then((r) => r.text())),
    )
    // Sign-ups hash a password, so each is in flight for a while.
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('term'), password: GOOD_PASSWORD }),
      }).then(
        (response) => response.status,
        (error: Error) => error.message,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    const exited = server.stop('SIGTERM')
    const statuses = await Promise.all(inFlight)
    const code = await exited
    expect(statuses).toEqual(Array(12).fill(200))
    expect(code).toBe(0)
    expect(Date.now() - started).toBeLessThan(10_000)
    // New connections are refused once it has gone.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  }, 60_000)
})
