import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe, LUNA as valid } from '../test/vibe-helpers'

// Each case: the body sent, and the message expected for each named field.
const invalidBodies: { name: string; body: unknown; details: Record<string, string> }[] = [
  {
    name: 'blank fields',
    body: { username: '   ', emoji: ' ', status: '\t' },
    details: {
      username: "Username can't be blank",
      emoji: "Emoji can't be blank",
      status: "Vibe status can't be blank",
    },
  },
  {
    name: 'too many characters, counted as graphemes',
    body: { username: '🇳🇱'.repeat(21), emoji: '🎉🎉🎉🎉🎉', status: 'x'.repeat(101) },
    details: {
      username: 'Username can be at most 20 characters',
      emoji: 'Emoji can be at most 4 characters',
      status: 'Vibe status can be at most 100 characters',
    },
  },
  {
    name: 'too many code units',
    body: { ...valid, status: 'y'.repeat(5000) },
    details: { status: 'Vibe status is too long' },
  },
  {
    name: 'control characters and a bidi override',
    body: { username: 'Lu\u0000na', emoji: '🎉', status: 'evil \u202Etxt.exe' },
    details: {
      username: "Username contains characters that aren't allowed",
      status: "Vibe status contains characters that aren't allowed",
    },
  },
  {
    name: 'wrong types',
    body: { username: 42, emoji: ['🎉'], status: null },
    details: {
      username: 'Username is required',
      emoji: 'Emoji is required',
      status: 'Vibe status is required',
    },
  },
  {
    name: 'missing fields',
    body: { username: 'Luna' },
    details: { emoji: 'Emoji is required', status: 'Vibe status is required' },
  },
  {
    name: 'an extra field',
    body: { ...valid, userId: 'someone-else' },
    details: { userId: 'This field is not allowed' },
  },
]

describe('vibe input validation', () => {
  let user: SignedUpUser
  let existingId: string
  const t = useTestApp()
  beforeAll(async () => {
    const mine = await signUpWithVibe(t, valid)
    user = mine.user
    existingId = mine.vibe.id
  })

  const allVibes = () => t.database.db.selectFrom('vibes').selectAll().execute()

  for (const { name, body, details } of invalidBodies) {
    it(`answers 400 with a message per field and stores nothing: ${name}`, async () => {
      const other = await signUpUser(t)
      const before = await allVibes()
      const requests = [
        { method: 'POST' as const, url: '/api/vibes', headers: bearer(other.accessToken) },
        {
          method: 'PATCH' as const,
          url: `/api/vibes/${existingId}`,
          headers: bearer(user.accessToken),
        },
      ]
      for (const request of requests) {
        const answer = await t.app.inject({ ...request, payload: body as object })
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toEqual({
          code: 'validation_failed',
          message: expect.any(String),
          details,
        })
      }
      expect(await allVibes()).toEqual(before)
    })
  }

  it('answers 400 for a body that is not an object at all', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/vibes',
      payload: '"just a string"',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().code).toBe('validation_failed')
  })

  it('answers 400 for bad feed query parameters', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=ten', `cursor=${'a'.repeat(201)}`]) {
      const answer = await t.app.inject({
        url: `/api/vibes?${query}`,
        headers: bearer(user.accessToken),
      })
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
      expect(Object.keys(answer.json().details)).toEqual([query.split('=')[0]])
    }
  })
})
