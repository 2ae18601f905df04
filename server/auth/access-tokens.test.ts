import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { bearer, getUser, logout, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())

describe('access tokens', () => {
  const clock = createFakeClock()
  const t = useTestApp({ AUTH_JWT_EXPIRY: '600' }, { now: clock.now })

  const me = (token: string) => getUser(t, token)

  it('carry sub, email, role, aud, session_id and exp, signed HS256', async () => {
    const user = await signUpUser(t)
    const header = JSON.parse(Buffer.from(user.accessToken.split('.')[0]!, 'base64url').toString())
    expect(header.alg).toBe('HS256')
    const claims = decode(user.accessToken)
    expect(claims).toMatchObject({
      sub: user.userId,
      email: user.email,
      role: 'authenticated',
      aud: 'authenticated',
    })
    expect(typeof claims.session_id).toBe('string')
    expect(claims.exp - claims.iat).toBe(600)
    expect((await me(user.accessToken)).statusCode).toBe(200)
  })

  it('are refused when tampered with, expired, unsigned or signed with another key', async () => {
    const user = await signUpUser(t)
    const [head, payload, signature] = user.accessToken.split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decode(user.accessToken), sub: 'someone-else' }),
    ).toString('base64url')
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    )
    const otherKey = await new SignJWT({ ...decode(user.accessToken) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)))
    const candidates = {
      tampered: `${head}.${forgedPayload}.${signature}`,
      unsigned: `${unsignedHeader}.${payload}.`,
      otherKey,
      garbage: 'not-a-jwt',
    }
    for (const [name, token] of Object.entries(candidates)) {
      const response = await me(token)
      expect(response.statusCode, name).toBe(403)
      expect(response.json().code, name).toBe('bad_jwt')
    }

    // Accepted once before it expires, so the instance remembers it as verified...
    expect((await me(user.accessToken)).statusCode).toBe(200)
    // ...and still refuses it once expired.
    clock.advance(601_000)
    const expired = await me(user.accessToken)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({
      code: 'bad_jwt',
      message: expect.stringMatching(/expired/),
    })
  })

  it('answer no_authorization without a bearer token', async () => {
    const response = await t.app.inject({ url: '/auth/v1/user' })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('no_authorization')
  })

  it('are signed with a key kept in the database, so a restart signs nobody out', async () => {
    const user = await signUpUser(t)
    const { buildApp } = await import('../app')
    const restarted = await buildApp(t.config, { database: t.database, now: clock.now })
    try {
      const response = await restarted.inject({
        url: '/auth/v1/user',
        headers: bearer(user.accessToken),
      })
      expect(response.statusCode).toBe(200)
    } finally {
      await restarted.close()
    }
  })

  it('stop working everywhere once their session is signed out', async () => {
    const user = await signUpUser(t)
    expect((await logout(t, user.accessToken)).statusCode).toBe(204)
    const response = await me(user.accessToken)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('session_not_found')
  })

  it("are refused by a site that shares the key but not the issuer (staging's tokens on production)", async () => {
    const user = await signUpUser(t)
    const { buildApp } = await import('../app')
    const signingKey = await t.database.db
      .selectFrom('auth_keys')
      .select('secret')
      .executeTakeFirstOrThrow()
    const production = await buildApp(
      { ...t.config, PUBLIC_URL: 'https://festival.test', AUTH_JWT_SECRET: signingKey.secret },
      { database: t.database, now: clock.now },
    )
    try {
      const response = await production.inject({
        url: '/auth/v1/user',
        headers: bearer(user.accessToken),
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('bad_jwt')
    } finally {
      await production.close()
    }
  })
})
