import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live/live-protocol'
import { bearer } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient } from '../test/live-test-client'
import { useSecondInstance, useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

// A block made through instance A reaches instance B through the change bus (LISTEN/NOTIFY): B's
// remembered "whom each person hides" and its live sockets. B's clock stands still, so no cache
// age can be what refreshes them.
describe('blocks across instances (PostgreSQL)', () => {
  const a = useTestApp()
  const b = useSecondInstance(a, { now: createFakeClock().now })

  it('hides the blocked person on the other instance’s feed and live sockets at once', async () => {
    const { user: me } = await signUpWithVibe(a)
    const { user: pest, vibe: theirs } = await signUpWithVibe(a)
    const authorsOnB = async () => {
      const answer = await b.app.inject({ url: '/api/vibes', headers: bearer(me.accessToken) })
      return (answer.json().vibes as Array<{ userId: string }>).map((vibe) => vibe.userId)
    }
    // B remembers that I hide nobody.
    expect(await authorsOnB()).toContain(pest.userId)
    const screen = await LiveTestClient.signedIn(b.url, me.accessToken)
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
