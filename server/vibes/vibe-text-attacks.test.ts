import { beforeAll, describe, expect, it } from 'vitest'
import { LEGIT_TEXTS, TEXT_ATTACKS, VALID_VIBE } from '../../shared/vibes/vibe-text-attacks.rows'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

// The security review's text attacks (issue 15, items 6 and 7) over HTTP, on each database:
// lone surrogates reached SQLite as invalid UTF-8, invisible names and piled-up accents were
// stored as they came.
describe('vibe text attacks', () => {
  let owner: SignedUpUser
  let vibeId: string
  const t = useTestApp()
  beforeAll(async () => {
    owner = await signUpUser(t)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vibes',
      headers: bearer(owner.accessToken),
      payload: VALID_VIBE,
    })
    vibeId = created.json().vibe.id
  })

  const allVibes = () => t.database.db.selectFrom('vibes').selectAll().execute()

  it.each(TEXT_ATTACKS)('refuses $name on create and update', async ({ change, details }) => {
    const newcomer = await signUpUser(t)
    const before = await allVibes()
    const requests = [
      { method: 'POST' as const, url: '/api/vibes', headers: bearer(newcomer.accessToken) },
      { method: 'PATCH' as const, url: `/api/vibes/${vibeId}`, headers: bearer(owner.accessToken) },
    ]
    for (const request of requests) {
      const answer = await t.app.inject({ ...request, payload: { ...VALID_VIBE, ...change } })
      expect(answer.statusCode, request.method).toBe(400)
      expect(answer.json()).toEqual({
        code: 'validation_failed',
        message: expect.any(String),
        details,
      })
    }
    expect(await allVibes()).toEqual(before)
  })

  it.each(LEGIT_TEXTS)('stores $name exactly as sent', async ({ change }) => {
    const input = { ...VALID_VIBE, ...change }
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${vibeId}`,
      headers: bearer(owner.accessToken),
      payload: input,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const row = await t.database.db
      .selectFrom('vibes')
      .select(['username', 'emoji', 'status'])
      .where('id', '=', vibeId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual(input)
  })
})
