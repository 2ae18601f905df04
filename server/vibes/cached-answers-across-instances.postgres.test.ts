import { describe, expect, it } from 'vitest'
import { bearer, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useSecondInstance, useTestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'

// Instance B caches its first feed page and the user count; changes through instance A must
// reach it through the change bus. B's clock stands still, so the caches' age limit cannot be
// what refreshes them.
describe('cached answers across instances (PostgreSQL)', () => {
  const a = useTestApp()
  const b = useSecondInstance(a, { now: createFakeClock().now })

  it('shows a vibe created or updated through another instance', async () => {
    const user = await signUpUser(a)
    const statusesOnB = async () => {
      const answer = await b.app.inject({ url: '/api/vibes', headers: bearer(user.accessToken) })
      expect(answer.statusCode).toBe(200)
      return (answer.json().vibes as Array<{ status: string }>).map((vibe) => vibe.status)
    }
    expect(await statusesOnB()).toEqual([])

    const created = await postVibe(a, user, {
      username: 'Crosser',
      emoji: '🎸',
      status: 'written on A',
    })
    await expect.poll(statusesOnB, { timeout: 1000 }).toEqual(['written on A'])

    const updated = await a.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${created.id}`,
      headers: bearer(user.accessToken),
      payload: { username: 'Crosser', emoji: '🎸', status: 'changed on A' },
    })
    expect(updated.statusCode).toBe(200)
    await expect.poll(statusesOnB, { timeout: 1000 }).toEqual(['changed on A'])
  })

  it('counts a sign-up made through another instance', async () => {
    const user = await signUpUser(a)
    const countOnB = async () => {
      const answer = await b.app.inject({
        url: '/api/users/count',
        headers: bearer(user.accessToken),
      })
      expect(answer.statusCode).toBe(200)
      return answer.json().count as number
    }
    const before = await countOnB()
    await signUpUser(a)
    await expect.poll(countOnB, { timeout: 1000 }).toBe(before + 1)
  })
})
