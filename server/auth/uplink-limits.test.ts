import { beforeEach, describe, expect, it } from 'vitest'
import {
  followLink,
  fragmentOf,
  GOOD_PASSWORD,
  latestMail,
  recover as recoverFor,
  signIn,
  signUp as signUpAt,
  statusesOf as statuses,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const UPLINK = '203.0.113.7'
const ELSEWHERE = '198.51.100.20'
const WRONG = 'not the right passphrase'

// Small budgets, so each limit is reached in a few requests; the crowd-sized defaults are tested
// with a real listening server in server/reliability/festival-nat.test.ts.
describe('per-address limits: a declared uplink gets the crowd budget, other addresses one client’s', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      RATE_LIMIT: 'on',
      WIFI_UPLINK_ADDRESSES: `${UPLINK}, 192.0.2.0/24`,
      RATE_LIMIT_SIGNUP_PER_IP: '3',
      RATE_LIMIT_SIGNUP_PER_UPLINK: '8',
      RATE_LIMIT_SIGNIN_PER_IP: '3',
      RATE_LIMIT_SIGNIN_PER_UPLINK: '12',
      RATE_LIMIT_RECOVER_PER_IP: '2',
      RATE_LIMIT_RECOVER_PER_UPLINK: '4',
      RATE_LIMIT_VERIFY_PER_IP: '2',
      RATE_LIMIT_VERIFY_PER_UPLINK: '4',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: '3',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '5',
    },
    { now: clock.now },
  )
  // Every test starts in a window of its own.
  beforeEach(() => clock.advance(300_000))

  const signUp = (ip: string, email = uniqueEmail()) => signUpAt(t, email, GOOD_PASSWORD, ip)
  /** Accounts made from addresses of their own, in a window before the one under test. */
  const accounts = async (count: number) => {
    const made: { email: string }[] = []
    for (let i = 0; i < count; i += 1) {
      const email = uniqueEmail()
      expect((await signUp(`198.18.${i}.1`, email)).statusCode).toBe(200)
      made.push({ email })
    }
    clock.advance(300_000)
    return made
  }

  it('sign-up: the uplink budget behind the declared address, the normal one elsewhere', async () => {
    expect(await statuses(9, () => signUp(UPLINK))).toEqual([...Array(8).fill(200), 429])
    expect(await statuses(4, () => signUp(ELSEWHERE))).toEqual([200, 200, 200, 429])
    // Each address of a declared subnet has the uplink budget of its own.
    expect(await statuses(4, () => signUp('192.0.2.1'))).toEqual([200, 200, 200, 200])
    expect(await statuses(4, () => signUp('192.0.2.2'))).toEqual([200, 200, 200, 200])
  })

  it('sign-up: one e-mail address tried over and over stops at its own limit, not the crowd’s', async () => {
    const email = uniqueEmail('hammered')
    expect(await statuses(8, () => signUp(UPLINK, email))).toEqual([
      200, 422, 422, 422, 422, 429, 429, 429,
    ])
    // Only the five that passed the e-mail's limit spent the uplink's: three sign-ups are left.
    expect(await statuses(4, () => signUp(UPLINK))).toEqual([200, 200, 200, 429])
  })

  it('sign-in: the uplink budget behind the declared address, the normal one elsewhere', async () => {
    const people = await accounts(4)
    for (const person of people) {
      expect((await signIn(t, person.email, GOOD_PASSWORD, UPLINK)).statusCode).toBe(200)
    }
    const elsewhere = await statuses(4, () => signIn(t, people[0]!.email, GOOD_PASSWORD, ELSEWHERE))
    expect(elsewhere).toEqual([200, 200, 200, 429])
  })

  it('sign-in: an account whose failures are spent is refused before it costs the crowd anything', async () => {
    const [victim, neighbour] = await accounts(2)
    // The guesser behind the uplink: three failures spend the pair, and then only refusals.
    expect(await statuses(3, () => signIn(t, victim!.email, WRONG, UPLINK))).toEqual([
      400, 400, 400,
    ])
    expect(await statuses(20, () => signIn(t, victim!.email, WRONG, UPLINK))).toEqual(
      Array(20).fill(429),
    )
    // The three failures spent three of the uplink's twelve: everyone else signs in.
    const crowd = await statuses(9, () => signIn(t, neighbour!.email, GOOD_PASSWORD, UPLINK))
    expect(crowd).toEqual(Array(9).fill(200))
  })

  it('sign-in: one account failing behind the uplink is limited, and its owner there gets in by a link', async () => {
    const [owner] = await accounts(1)
    expect(await statuses(3, () => signIn(t, owner!.email, WRONG, UPLINK))).toEqual([400, 400, 400])
    // The pair (account, uplink) is shared by everyone behind it: the owner's own right password
    // from there is refused for the rest of the window too (ADR 026)...
    expect((await signIn(t, owner!.email, GOOD_PASSWORD, UPLINK)).statusCode).toBe(429)
    // ...and a recovery link, which counts no password failures, signs the owner in.
    const asked = await recoverFor(t, owner!.email, UPLINK)
    expect(asked.statusCode).toBe(200)
    const mail = await latestMail(t.outbox, owner!.email, { kind: 'recovery' })
    const followed = await followLink(t, mail.link)
    expect(fragmentOf(followed.headers.location).get('access_token')).toBeTruthy()
  })

  it('recovery and e-mail links: the uplink budget behind the declared address', async () => {
    const recover = (ip: string) => recoverFor(t, uniqueEmail(), ip)
    expect(await statuses(5, () => recover(UPLINK))).toEqual([200, 200, 200, 200, 429])
    expect(await statuses(3, () => recover(ELSEWHERE))).toEqual([200, 200, 429])
    const follow = (ip: string) =>
      t.app.inject({ url: '/auth/v1/verify?token=unknown&type=signup', remoteAddress: ip })
    expect(await statuses(5, () => follow(UPLINK))).toEqual([303, 303, 303, 303, 429])
    expect(await statuses(3, () => follow(ELSEWHERE))).toEqual([303, 303, 429])
  })
})
