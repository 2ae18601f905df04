import { describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, signIn as signInTo, signUpUser, statusesOf } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const WRONG = 'not the right passphrase'

describe('failed sign-ins limit the guesser, never lock the owner out', () => {
  // The clock stands still: the limits count in fixed windows of the clock, and a test that ran
  // across a window's turn saw its counts start again (a lock-out test, once, in CI).
  const clock = createFakeClock()
  const t = useTestApp(
    {
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: '10',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL: '30',
    },
    { now: clock.now },
  )

  const signIn = (email: string, password: string, ip: string) => signInTo(t, email, password, ip)
  const statuses = (email: string, password: string, ip: string, times: number) =>
    statusesOf(times, () => signIn(email, password, ip))

  it("an attacker's ten wrong passwords stop the attacker, and the owner still signs in", async () => {
    const owner = await signUpUser(t)
    // The attacker's view: ten guesses, then refused even with the right password.
    expect(await statuses(owner.email, WRONG, '203.0.113.66', 10)).toEqual(Array(10).fill(400))
    const attacker = await signIn(owner.email, GOOD_PASSWORD, '203.0.113.66')
    expect(attacker.statusCode).toBe(429)
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0)
    // The owner's view, from their own phone.
    expect((await signIn(owner.email, GOOD_PASSWORD, '198.51.100.7')).statusCode).toBe(200)
  })

  it('a guess spread over many addresses is cut off, while a clean address still gets in', async () => {
    const owner = await signUpUser(t)
    for (let i = 1; i <= 10; i += 1) {
      expect(await statuses(owner.email, WRONG, `192.0.2.${i}`, 3)).toEqual([400, 400, 400])
    }
    // 30 failures in all: every address that failed is refused, right password or not.
    expect((await signIn(owner.email, GOOD_PASSWORD, '192.0.2.1')).statusCode).toBe(429)
    // A new address gets one guess checked, and is refused after it failed.
    expect(await statuses(owner.email, WRONG, '192.0.2.99', 2)).toEqual([400, 429])
    // The owner, who never failed, signs in.
    expect((await signIn(owner.email, GOOD_PASSWORD, '198.51.100.8')).statusCode).toBe(200)
  })

  it("a success forgets its own address's failures", async () => {
    const owner = await signUpUser(t)
    expect(await statuses(owner.email, WRONG, '198.51.100.9', 9)).toEqual(Array(9).fill(400))
    expect((await signIn(owner.email, GOOD_PASSWORD, '198.51.100.9')).statusCode).toBe(200)
    expect(await statuses(owner.email, WRONG, '198.51.100.9', 10)).toEqual(Array(10).fill(400))
  })
})
