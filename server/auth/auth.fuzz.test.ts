import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { EmailSchema } from '../../shared/auth/auth.schema'
import { bearer, GOOD_PASSWORD, signUpUser, uniqueEmail } from '../test/auth-helpers'
import {
  anyQueryString,
  anyText,
  bodyShaped,
  expectHandled,
  jsonRequest,
  oddBodyHeaders,
  oddContentType,
  oddHeaders,
  oddJsonBody,
} from '../test/fuzz'
import { useTestApp } from '../test/test-app'

// Random input against every auth endpoint: never a 5xx, always the envelope, nothing bad stored.
describe('auth endpoints under random input', () => {
  const t = useTestApp({ BODY_LIMIT_BYTES: '65536' })
  let tried = 0
  /** Every address whose sign-up succeeded: the only accounts that may exist at the end. */
  const accounts = new Set<string>()
  const signedUp = async () => {
    const user = await signUpUser(t)
    accounts.add(user.email)
    return user
  }
  const noteSignUp = (url: string, response: LightMyRequestResponse) => {
    if (url.startsWith('/auth/v1/signup') && response.statusCode === 200) {
      accounts.add(response.json().user.email)
    }
  }
  afterAll(() => {
    console.info(`auth fuzz: ${tried} requests`)
  })

  const endpoints = [
    { method: 'POST', url: '/auth/v1/signup', fields: ['email', 'password'] },
    { method: 'POST', url: '/auth/v1/token?grant_type=password', fields: ['email', 'password'] },
    { method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', fields: ['refresh_token'] },
    { method: 'POST', url: '/auth/v1/recover', fields: ['email'] },
    { method: 'POST', url: '/auth/v1/resend', fields: ['email', 'type'] },
    { method: 'PUT', url: '/auth/v1/user', fields: ['password', 'email', 'nonce'] },
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
          noteSignUp(endpoint.url, response)
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
    const { accessToken } = await signedUp()
    const token = fc.oneof(
      anyText().map((text) => text.slice(0, 2000)),
      fc.constant(accessToken),
      fc.constant(undefined),
    )
    const request = fc.constantFrom(
      { method: 'GET', path: '/auth/v1/user' },
      { method: 'GET', path: '/auth/v1/settings' },
      { method: 'GET', path: '/auth/v1/reauthenticate' },
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
    const user = await signedUp()
    await fc.assert(
      fc.asyncProperty(bodyShaped(['password', 'email', 'data', 'nonce']), async (body) => {
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

  it('body endpoints with odd media types, charsets, encodings, JSON shapes and queries', async () => {
    // A user per endpoint that needs one, so one endpoint's success does not change another's.
    const [signedIn, passwordUser, refreshUser] = [
      await signedUp(),
      await signedUp(),
      await signedUp(),
    ]
    const endpoints = [
      {
        method: 'POST',
        url: '/auth/v1/signup',
        valid: { email: uniqueEmail('odd'), password: GOOD_PASSWORD },
      },
      {
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        valid: { email: passwordUser.email, password: GOOD_PASSWORD },
      },
      {
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        valid: { refresh_token: refreshUser.refreshToken },
      },
      { method: 'POST', url: '/auth/v1/recover', valid: { email: passwordUser.email } },
      {
        method: 'POST',
        url: '/auth/v1/resend',
        valid: { email: passwordUser.email, type: 'signup' },
      },
      {
        method: 'PUT',
        url: '/auth/v1/user',
        valid: { password: 'a brand new passphrase for the fuzz' },
      },
    ] as const
    const request = fc.constantFrom(...endpoints).chain((endpoint) =>
      fc.record({
        endpoint: fc.constant(endpoint),
        payload: oddJsonBody(endpoint.valid),
        type: oddContentType(),
        headers: fc.tuple(oddHeaders(), oddBodyHeaders()),
        search: anyQueryString(['redirect_to', 'grant_type', 'scope']),
      }),
    )
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, payload, type, headers, search }) => {
        tried += 1
        const url = `${endpoint.url}${endpoint.url.includes('?') ? search.replace('?', '&') : search}`
        const response = await t.app.inject({
          method: endpoint.method,
          url,
          headers: {
            ...headers[0],
            ...headers[1],
            ...(type === undefined ? {} : { 'content-type': type }),
            ...bearer(signedIn.accessToken),
          },
          payload,
        })
        expectHandled(response)
        // The only success any of these endpoints gives is a 200.
        if (response.statusCode < 400) expect(response.statusCode).toBe(200)
        noteSignUp(url, response)
      }),
      { numRuns: 150 },
    )
  })

  it('stored no account with an invalid address, and none whose sign-up was refused', async () => {
    const users = await t.database.db.selectFrom('users').select('email').execute()
    for (const { email } of users) expect(EmailSchema.safeParse(email).success).toBe(true)
    expect(new Set(users.map((user) => user.email))).toEqual(accounts)
  })
})
