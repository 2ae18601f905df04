import { describe, expect, it } from 'vitest'
import type { AccessTokenClaims } from './access-token'
import { VerifiedTokens } from './verified-tokens'

const claims = (sub: string): AccessTokenClaims => ({
  sub,
  email: `${sub}@example.test`,
  role: 'authenticated',
  session_id: `session-${sub}`,
})

describe('verified tokens', () => {
  it('remembers a token until its expiry, and not a moment longer', () => {
    const tokens = new VerifiedTokens()
    tokens.remember('token-a', { claims: claims('a'), expiresAtMs: 10_000 })
    expect(tokens.get('token-a', 9_999)).toEqual(claims('a'))
    expect(tokens.get('token-b', 9_999)).toBeUndefined()
    expect(tokens.get('token-a', 10_000)).toBeUndefined()
    // Forgotten once seen expired, even if asked about an earlier time again.
    expect(tokens.get('token-a', 5_000)).toBeUndefined()
  })

  it('holds a bounded number, forgetting the oldest first', () => {
    const tokens = new VerifiedTokens()
    const total = 20_001
    for (let i = 0; i < total; i += 1) {
      tokens.remember(`token-${i}`, { claims: claims(String(i)), expiresAtMs: 10_000 })
    }
    expect(tokens.get('token-0', 0)).toBeUndefined()
    expect(tokens.get('token-1', 0)).toEqual(claims('1'))
    expect(tokens.get(`token-${total - 1}`, 0)).toEqual(claims(String(total - 1)))
  })
})
