import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUpUser } from '../test/auth-helpers'
import { gameOf } from '../test/game-helpers'
import { servedSets } from '../test/lineup-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'

// The planner quest (docs/game.md): starring sets in My schedule, checked from the database.
describe('the planner', () => {
  const t = useTestApp()
  let baseUrl: string
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  const star = (token: string, key: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.app.inject({ method, url: `/api/schedule/stars/${key}`, headers: bearer(token) })

  it('shows now that the app has a schedule, is earned with the fifth star, and stays earned', async () => {
    const user = await signUpUser(t)
    const keys = (await servedSets(t)).slice(0, 5).map((set) => set.key)
    const planner = async () =>
      (await gameOf(t, user.accessToken)).badges.find((badge) => badge.id === 'planner')
    expect(await planner()).toMatchObject({ earnedAt: null })

    const phone = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    for (const key of keys.slice(0, 4))
      expect((await star(user.accessToken, key)).statusCode).toBe(204)
    expect(
      (await gameOf(t, user.accessToken)).badges.find((b) => b.id === 'planner')?.earnedAt,
    ).toBeNull()
    await star(user.accessToken, keys[4]!)
    const told = await phone.next((message) => message.type === 'game')
    expect(told).toMatchObject({ unlocked: [{ id: 'planner', name: 'Planner' }] })
    expect((await planner())?.earnedAt).not.toBeNull()

    // Unstarring does not take the badge (nor the WiFi it pays) away.
    for (const key of keys) await star(user.accessToken, key, 'DELETE')
    expect((await planner())?.earnedAt).not.toBeNull()
    phone.close()
  })
})
