import { describe, expect, it, vi } from 'vitest'
import { createFakeClock } from '../test/fake-clock'
import { VerifiedTokens } from './verified-tokens'

const claims = { sub: 'u1', email: 'a@b.test', role: 'authenticated' as const, session_id: 's1' }

describe('verified tokens', () => {
  it('verifies a token once, then answers from memory until it expires', () => {
    const clock = createFakeClock()
    const tokens = new VerifiedTokens(clock.now)
    const expiresAtMs = clock.now() + 60_000
    const verify = vi.fn(() => ({ claims, expiresAtMs }))
    expect(tokens.check('token-a', clock.now(), verify).claims).toEqual(claims)
    clock.advance(59_999)
    tokens.check('token-a', clock.now(), verify)
    expect(verify).toHaveBeenCalledTimes(1)
    // Expired: verified again, and the real check is what refuses it.
    clock.advance(1)
    const refuse = vi.fn(() => {
      throw new Error('expired')
    })
    expect(() => tokens.check('token-a', clock.now(), refuse)).toThrow('expired')
    expect(refuse).toHaveBeenCalledTimes(1)
  })

  it('never answers one token with another’s result, and remembers no failure', () => {
    const clock = createFakeClock()
    const tokens = new VerifiedTokens(clock.now)
    const expiresAtMs = clock.now() + 60_000
    tokens.check('token-a', clock.now(), () => ({ claims, expiresAtMs }))
    const tampered = vi.fn(() => {
      throw new Error('bad signature')
    })
    expect(() => tokens.check('token-a.', clock.now(), tampered)).toThrow('bad signature')
    expect(() => tokens.check('token-a.', clock.now(), tampered)).toThrow('bad signature')
    expect(tampered).toHaveBeenCalledTimes(2)
  })
})
