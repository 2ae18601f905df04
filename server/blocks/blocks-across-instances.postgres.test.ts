import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live/live-protocol'
import { buildApp } from '../app'
import type { AppDatabase } from '../db/database'
import { bearer } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient } from '../test/live-test-client'
import { createTestApp, type TestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

// A block made through instance A reaches instance B through the change bus (LISTEN/NOTIFY): B's
// remembered "whom each person hides" and its live sockets. B's clock stands still, so no cache
// age can be what refreshes them.
describe('blocks across instances (PostgreSQL)', () => {
  let a: TestApp
  let b: FastifyInstance
  let bDatabase: AppDatabase
  let bUrl: string
  beforeAll(async () => {
    a = await createTestApp()
    bDatabase = a.testDatabase.open()
    b = await buildApp(a.config, { database: bDatabase, now: createFakeClock().now })
    await b.listen({ port: 0, host: '127.0.0.1' })
    const address = b.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    bUrl = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await b.close()
    await bDatabase.close()
    await a.close()
  })

  it('hides the blocked person on the other instance’s feed and live sockets at once', async () => {
    const { user: me } = await signUpWithVibe(a)
    const { user: pest, vibe: theirs } = await signUpWithVibe(a)
    const authorsOnB = async () => {
      const answer = await b.inject({ url: '/api/vibes', headers: bearer(me.accessToken) })
      return (answer.json().vibes as Array<{ userId: string }>).map((vibe) => vibe.userId)
    }
    // B remembers that I hide nobody.
    expect(await authorsOnB()).toContain(pest.userId)
    const screen = await LiveTestClient.signedIn(bUrl, me.accessToken)
    try {
      const blocked = await a.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: bearer(me.accessToken),
        payload: { userId: pest.userId },
      })
      expect(blocked.statusCode).toBe(204)
      await screen.next((message) => message.type === 'ready')
      await expect.poll(authorsOnB, { timeout: 1000 }).not.toContain(pest.userId)

      await a.app.inject({
        method: 'PATCH',
        url: `/api/vibes/${theirs.id}`,
        headers: bearer(pest.accessToken),
        payload: { username: 'Pest', emoji: '🐝', status: 'sent to B?' },
      })
      const { vibe: marker } = await signUpWithVibe(a)
      await screen.next((m: ServerMessage) => m.type === 'vibe' && m.id === marker.id)
      expect(screen.messages.filter((m) => m.type === 'vibe' && m.id === theirs.id)).toEqual([])
    } finally {
      screen.close()
    }
  })
})
