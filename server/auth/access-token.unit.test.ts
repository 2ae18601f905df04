import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { signAccessToken, verifyAccessToken } from './access-token'

const key = new TextEncoder().encode('a test signing key of enough length, 32+ bytes')
const claims = {
  sub: 'user-1',
  email: 'fan@example.test',
  role: 'authenticated' as const,
  session_id: 'session-1',
}

describe('access tokens', () => {
  it('signs a standard HS256 JWT that jose verifies, with the claims auth-js reads', async () => {
    const issuedAt = Date.UTC(2026, 6, 1, 12, 0, 0)
    const { token, expiresAt } = signAccessToken(key, claims, issuedAt, 3600, 'issuer')
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: 'authenticated',
      issuer: 'issuer',
      currentDate: new Date(issuedAt),
    })
    expect(payload).toEqual({
      ...claims,
      aal: 'aal1',
      is_anonymous: false,
      iss: 'issuer',
      aud: 'authenticated',
      iat: issuedAt / 1000,
      exp: issuedAt / 1000 + 3600,
    })
    expect(expiresAt).toBe(issuedAt / 1000 + 3600)
  })

  it('round-trips through our own verification until the expiry, then refuses it', async () => {
    const issuedAt = Date.UTC(2026, 6, 1, 12, 0, 0)
    const { token } = signAccessToken(key, claims, issuedAt, 60, 'issuer')
    const verified = verifyAccessToken(key, token, issuedAt + 59_000, 'issuer')
    expect(verified).toEqual({ claims, expiresAtMs: issuedAt + 60_000 })
    expect(refusal(() => verifyAccessToken(key, token, issuedAt + 61_000, 'issuer'))).toBe(
      'bad_jwt',
    )
    const otherKey = new TextEncoder().encode('another key of the same kind, also 32+ bytes')
    expect(refusal(() => verifyAccessToken(otherKey, token, issuedAt, 'issuer'))).toBe('bad_jwt')
  })

  it('refuses a token signed with the right key for another issuer', async () => {
    const issuedAt = Date.UTC(2026, 6, 1, 12, 0, 0)
    const { token } = signAccessToken(key, claims, issuedAt, 60, 'https://staging.test/auth/v1')
    expect(
      refusal(() => verifyAccessToken(key, token, issuedAt, 'https://festival.test/auth/v1')),
    ).toBe('bad_jwt')
  })
})

/** The error code `verify` throws, or undefined when it accepts the token. */
function refusal(verify: () => unknown): string | undefined {
  try {
    verify()
    return undefined
  } catch (error) {
    return (error as { code?: string }).code
  }
}
