import { describe, expect, it } from 'vitest'
import {
  getUser,
  recover as recoverFor,
  signIn,
  signUp,
  signUpUser,
  statusesOf,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

describe('auth hardening', () => {
  // The clock stands still: the limits count in fixed windows of the clock, and a test that ran
  // across a window's turn saw its counts start again (a lock-out test, once, in CI).
  const clock = createFakeClock()
  const t = useTestApp(
    {
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: '3',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_RECOVER_PER_IP: '2',
    },
    { now: clock.now },
  )

  it('stores passwords as argon2id with OWASP parameters, and never returns them', async () => {
    const user = await signUpUser(t)
    const row = await t.database.db
      .selectFrom('users')
      .select('encrypted_password')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.encrypted_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const me = await getUser(t, user.accessToken)
    expect(me.body).not.toContain(row.encrypted_password)
    expect(me.body).not.toMatch(/argon2|encrypted_password/)
  })

  it('refuses passwords past the length bound before hashing them', async () => {
    const response = await signUp(t, uniqueEmail(), 'x'.repeat(257))
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'weak_password',
      message: 'Password should be at most 256 characters.',
    })
  })

  it('answers a taken address without confirmation as user_already_exists', async () => {
    const user = await signUpUser(t)
    const again = await signUp(t, user.email)
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe('user_already_exists')
  })

  it('limits sign-in attempts per address with 429 and Retry-After', async () => {
    const user = await signUpUser(t)
    const attempt = () => signIn(t, user.email, 'wrong password here')
    expect(await statusesOf(4, attempt)).toEqual([400, 400, 400, 429])
    const limited = await attempt()
    expect(limited.json().code).toBe('over_request_rate_limit')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits recovery requests per client address', async () => {
    const recover = (ip: string) => recoverFor(t, uniqueEmail(), ip)
    expect((await recover('10.9.9.1')).statusCode).toBe(200)
    expect((await recover('10.9.9.1')).statusCode).toBe(200)
    expect((await recover('10.9.9.1')).statusCode).toBe(429)
    expect((await recover('10.9.9.2')).statusCode).toBe(200)
  })
})
