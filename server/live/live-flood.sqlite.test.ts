import { readFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

const FLOOD_MESSAGES = 600_000

/** The server's resident memory in MB, read from the kernel. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/** How the socket closed, or code -1 if it is still open after `ms`. */
function closedWithin(client: LiveTestClient, ms: number) {
  const stillOpen = new Promise<{ code: number }>((resolve) =>
    setTimeout(() => resolve({ code: -1 }), ms).unref(),
  )
  return Promise.race([client.closed, stillOpen])
}

// A signed-in client floods the live channel with messages the server answers with errors, and
// does not read the answers: the server must neither buffer them without bound nor stall.
describe('a flood of live messages from a client that does not read', () => {
  let database: TestDatabase
  let server: ServerProcess
  let token: string
  beforeAll(async () => {
    database = await createTestDatabase()
    server = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT: 'off' })
    const response = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('flood'), password: GOOD_PASSWORD }),
    })
    token = (await response.json()).access_token
  }, 60_000)
  afterAll(async () => {
    await server.stop('SIGKILL')
    await database.drop()
  })

  it('keeps the server small and responsive, and closes the socket', async () => {
    const pid = server.child.pid!
    const before = residentMb(pid)
    const client = await LiveTestClient.signedIn(server.url, token)
    // Stop reading: whatever the server answers stays in its own buffers.
    ;(client.socket as unknown as { _socket: Socket })._socket.pause()

    let slowestHealthMs = 0
    let probing = true
    const probe = (async () => {
      while (probing) {
        const started = performance.now()
        await fetch(`${server.url}/healthz`)
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const frame = JSON.stringify({ type: 'not-a-message', padding: 'x'.repeat(16) })
    for (let i = 0; i < FLOOD_MESSAGES && client.socket.readyState === client.socket.OPEN; i += 1) {
      client.socket.send(frame)
      // Yield now and then, so the flood reaches the server while it is being sent.
      if (i % 5000 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    probing = false
    await probe
    const grownMb = residentMb(pid) - before
    ;(client.socket as unknown as { _socket: Socket })._socket.resume()
    const closed = await closedWithin(client, 10_000)
    console.info(
      `live flood: server RSS grew ${grownMb.toFixed(0)} MB, slowest /healthz ${slowestHealthMs.toFixed(0)} ms, closed with ${closed.code}`,
    )
    expect([1008, 1006]).toContain(closed.code)
    expect(grownMb).toBeLessThan(100)
    expect(slowestHealthMs).toBeLessThan(1000)
  }, 120_000)

  it('tells a client that does read why it was closed: 1008', async () => {
    const client = await LiveTestClient.signedIn(server.url, token)
    for (let i = 0; i < 100; i += 1) client.send({ type: 'not-a-message' })
    const closed = await closedWithin(client, 10_000)
    expect(closed.code).toBe(1008)
    expect(client.messages.at(-1)).toMatchObject({ type: 'error', code: 'too_many_messages' })
  })
})
