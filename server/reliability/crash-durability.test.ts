import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database'
import { GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

const json = { 'content-type': 'application/json' }

// Acknowledged means durable: kill -9 in the middle of a burst of writes loses none of them.
describe('SIGKILL during a burst of writes', () => {
  let database: TestDatabase
  let server: ServerProcess | undefined
  // Real server processes start slowly on a busy two-core machine.
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database.drop()
  })

  it('every acknowledged sign-up is present after a restart', async () => {
    const env = { DATABASE_URL: database.url, RATE_LIMIT: 'off' }
    server = await startServerProcess(env)
    const acknowledged: string[] = []
    let failed = 0
    const signUp = async () => {
      const email = uniqueEmail('crash')
      try {
        const response = await fetch(`${server!.url}/auth/v1/signup`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: GOOD_PASSWORD }),
        })
        if (response.status === 200) acknowledged.push(email)
        else failed += 1
      } catch {
        failed += 1 // cut off by the kill: not acknowledged, so no promise was made
      }
    }
    // Eight writers in a loop; the kill lands while requests are in flight.
    let running = true
    const writers = Array.from({ length: 8 }, async () => {
      while (running) await signUp()
    })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await server.stop('SIGKILL')
    running = false
    await Promise.all(writers)
    expect(acknowledged.length).toBeGreaterThan(5)

    server = await startServerProcess(env)
    const check = openDatabase({ url: database.url })
    try {
      const rows = await check.db.selectFrom('users').select('email').execute()
      const stored = new Set(rows.map((row) => row.email))
      const lost = acknowledged.filter((email) => !stored.has(email))
      expect(lost).toEqual([])
      // The maintained count never disagrees with the rows it counts.
      const counter = await check.db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'users')
        .executeTakeFirstOrThrow()
      expect(Number(counter.value)).toBe(rows.length)
      console.info(
        `crash test: ${acknowledged.length} acknowledged writes checked, ${failed} cut off by the kill`,
      )
    } finally {
      await check.close()
    }
  }, 60_000)
})
