import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmailSchema } from '../../shared/auth/auth.schema'
import { signUpUser } from '../test/auth-helpers'
import {
  anyQueryString,
  anyText,
  bodyShaped,
  expectHandled,
  jsonRequest,
  oddHeaders,
} from '../test/fuzz'
import { createTestApp, type TestApp } from '../test/test-app'

// Random input against every auth endpoint: never a 5xx, always the envelope, nothing bad stored.
describe('auth endpoints under random input', () => {
  let t: TestApp
  let tried = 0
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '65536' })
  })
  afterAll(async () => {
    console.info(`auth fuzz: ${tried} requests`)
    await t.close()
  })

  const endpoints = [
    { method: 'POST', url: '/auth/v1/signup', fields: ['email', 'password'] },
    { method: 'POST', url: '/auth/v1/token?grant_type=password', fields: ['email', 'password'] },
    { method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', fields: ['refresh_token'] },
    { method: 'POST', url: '/auth/v1/recover', fields: ['email'] },
    { method: 'PUT', url: '/auth/v1/user', fields: ['password', 'email'] },
  ] as const

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyShaped([...endpoint.fields]), anyText(), async (body, header) => {
          tried += 1
          const response = await t.app.inject(
            jsonRequest(endpoint.method, endpoint.url, body, {
              authorization: `Bearer ${header.slice(0, 2000)}`,
            }),
          )
          expectHandled(response)
        }),
        { numRuns: 60 },
      )
    })
  }

  it('odd query strings and methods', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), anyText(), async (grant, scope) => {
        tried += 2
        expectHandled(
          await t.app.inject({
            method: 'POST',
            url: `/auth/v1/token?grant_type=${encodeURIComponent(grant)}`,
            payload: {},
          }),
        )
        expectHandled(
          await t.app.inject({
            method: 'GET',
            url: `/auth/v1/verify?token=${encodeURIComponent(grant)}&type=${encodeURIComponent(scope)}`,
          }),
          [],
        )
      }),
      { numRuns: 60 },
    )
  })

  it('the token-only endpoints, with odd headers, query strings and tokens', async () => {
    const { accessToken } = await signUpUser(t)
    const token = fc.oneof(
      anyText().map((text) => text.slice(0, 2000)),
      fc.constant(accessToken),
      fc.constant(undefined),
    )
    const request = fc.constantFrom(
      { method: 'GET', path: '/auth/v1/user' },
      { method: 'GET', path: '/auth/v1/settings' },
      { method: 'POST', path: '/auth/v1/logout' },
    )
    await fc.assert(
      fc.asyncProperty(
        request,
        anyQueryString(['scope']),
        oddHeaders(),
        token,
        async ({ method, path }, search, headers, bearerToken) => {
          // Logging out with the real token would end the session the other runs use.
          const sent = method === 'POST' && bearerToken === accessToken ? 'x' : bearerToken
          tried += 1
          const response = await t.app.inject({
            method: method as 'GET' | 'POST',
            url: `${path}${search}`,
            headers: {
              ...headers,
              ...(sent === undefined ? {} : { authorization: `Bearer ${sent}` }),
            },
          })
          expectHandled(response)
        },
      ),
      { numRuns: 120 },
    )
  })

  it('PUT /auth/v1/user with random bodies while signed in', async () => {
    const user = await signUpUser(t)
    await fc.assert(
      fc.asyncProperty(bodyShaped(['password', 'email', 'data']), async (body) => {
        tried += 1
        const response = await t.app.inject(
          jsonRequest('PUT', '/auth/v1/user', body, {
            authorization: `Bearer ${user.accessToken}`,
          }),
        )
        expectHandled(response)
      }),
      { numRuns: 60 },
    )
    // Whatever was sent, the account still has its address and a real password hash.
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.email).toBe(user.email)
    expect(JSON.stringify(row)).toMatch(/\$argon2id\$/)
  })

  it('stored no account with an invalid address', async () => {
    const users = await t.database.db.selectFrom('users').select('email').execute()
    for (const { email } of users) expect(EmailSchema.safeParse(email).success).toBe(true)
  })
})
