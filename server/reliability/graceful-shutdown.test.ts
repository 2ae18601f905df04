import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { LiveTestClient } from '../live/live-test-client'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

// SIGTERM while requests are in flight and live clients are connected: the requests finish, the
// live clients are told to reconnect (to another instance), then the process leaves promptly.
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

  it('finishes in-flight requests, tells live clients to reconnect and exits 0 in time', async () => {
    const LIVE_CLIENTS = 5
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('live'), password: GOOD_PASSWORD }),
    })
    const { access_token: token } = (await signUp.json()) as { access_token: string }
    const liveClients = await Promise.all(
      Array.from({ length: LIVE_CLIENTS }, () => LiveTestClient.signedIn(server.url, token)),
    )
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
    for (const client of liveClients) {
      expect(await client.closed).toMatchObject({ code: LIVE_CLOSE.goingAway })
      expect(client.messages.at(-1)).toEqual({ type: 'reconnect' })
    }
    // New connections are refused once it has gone.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  }, 60_000)
})
