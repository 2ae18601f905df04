import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'
import { LUNA as body, signUpWithVibe } from '../test/vibe-helpers'

describe('vibes API without a valid session', () => {
  let user: SignedUpUser
  let vibeId: string
  const t = useTestApp()
  beforeAll(async () => {
    const mine = await signUpWithVibe(t, body)
    user = mine.user
    vibeId = mine.vibe.id
  })

  const endpoints = () => [
    { method: 'GET' as const, url: '/api/vibes' },
    { method: 'GET' as const, url: '/api/vibes/mine' },
    { method: 'POST' as const, url: '/api/vibes', payload: body },
    { method: 'PATCH' as const, url: `/api/vibes/${vibeId}`, payload: { ...body, status: 'x' } },
    { method: 'GET' as const, url: '/api/users/count' },
  ]
  const expect401 = async (headers: Record<string, string>, code: string) => {
    for (const endpoint of endpoints()) {
      const answer = await t.app.inject({ ...endpoint, headers })
      expect(answer.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401)
      expect(answer.json()).toMatchObject({ code })
    }
  }

  it('answers 401 without a token', async () => {
    await expect401({}, 'no_authorization')
  })

  it('answers 401 before validating the body, so strangers learn nothing about it', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/vibes', payload: { bad: 1 } })
    expect(answer.statusCode).toBe(401)
  })

  it('answers 401 to a forged token', async () => {
    const [header, payload] = user.accessToken.split('.')
    await expect401(bearer(`${header}.${payload}.forged-signature`), 'bad_jwt')
  })

  it('answers 401 after sign-out and changes nothing', async () => {
    const before = await t.database.db.selectFrom('vibes').selectAll().execute()
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: bearer(user.accessToken),
    })
    expect(logout.statusCode).toBe(204)
    await expect401(bearer(user.accessToken), 'session_not_found')
    expect(await t.database.db.selectFrom('vibes').selectAll().execute()).toEqual(before)
  })
})
