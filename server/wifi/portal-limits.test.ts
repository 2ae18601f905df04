import { beforeEach, describe, expect, it } from 'vitest'
import {
  bearer,
  GOOD_PASSWORD,
  signIn,
  signUpUser,
  storedAccount,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { GATEWAYS, gatewaysFile, openPortal, postForm } from '../test/wifi-helpers'

const [level1, level2] = GATEWAYS
const WINDOW_MS = 300_000
const TOO_MANY = 'Too many tries. Please wait a few minutes and try again.'
const UPLINK = '198.51.100.7'

// At level 1 openNDS's query is only base64: anyone can send the portal a new MAC address with
// every try. These budgets are small so that each test reaches them.
describe('the portal counts every try against the client address and the gateway, not only the device', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      WIFI_GATEWAYS_FILE: gatewaysFile(),
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNIN_PER_IP: '4',
      RATE_LIMIT_SIGNUP_PER_IP: '3',
      RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: '3',
      WIFI_UPLINK_ADDRESSES: UPLINK,
      RATE_LIMIT_SIGNIN_PER_UPLINK: '6',
      WIFI_PASSWORD_ATTEMPTS_PER_GATEWAY: '10',
      WIFI_CODE_ATTEMPTS_PER_DEVICE: '3',
      WIFI_CODE_ATTEMPTS_PER_GATEWAY: '6',
    },
    { now: clock.now },
  )
  // Each test in a rate-limit window of its own.
  beforeEach(() => clock.advance(WINDOW_MS))

  /** One try on a new phone (a made-up MAC) at `gateway`'s portal, from `address`. */
  async function tryAs(
    address: string,
    form: 'sign-in' | 'sign-up' | 'code',
    fields: Record<string, string>,
    gateway: (typeof GATEWAYS)[number] = level1,
  ) {
    const { state } = await openPortal(t, gateway)
    return postForm(t, `/wifi/portal/${gateway.id}/${form}`, { state, ...fields }, {}, address)
  }
  const wrongPassword = (address: string) =>
    tryAs(address, 'sign-in', { email: uniqueEmail('nobody'), password: 'not the password' })

  async function passCode(user: { accessToken: string }): Promise<string> {
    const pass = await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    return pass.json().code
  }

  it("a made-up MAC for every sign-in does not escape the address's sign-in limit, which the app's sign-in shares", async () => {
    const user = await signUpUser(t)
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await wrongPassword('203.0.113.11')
      expect(answer.body).toContain('That e-mail and password do not match an account.')
    }
    const fifth = await tryAs('203.0.113.11', 'sign-in', {
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(fifth.statusCode).toBe(400)
    expect(fifth.body).toContain(TOO_MANY)
    expect((await signIn(t, user.email, GOOD_PASSWORD, '203.0.113.11')).statusCode).toBe(429)
    // Another address is another client.
    const owner = await tryAs('203.0.113.12', 'sign-in', {
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(owner.statusCode).toBe(303)
  })

  it("an account's failures from one address hold whatever MAC each try claims", async () => {
    const user = await signUpUser(t)
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await tryAs('203.0.113.21', 'sign-in', {
        email: user.email,
        password: `guess number ${attempt}`,
      })
      expect(answer.body).toContain('That e-mail and password do not match an account.')
    }
    // The right password, from a "new phone" at the same address: the pair is spent.
    const right = await tryAs('203.0.113.21', 'sign-in', {
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(right.body).toContain(TOO_MANY)
    const elsewhere = await tryAs('203.0.113.22', 'sign-in', {
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(elsewhere.statusCode).toBe(303)
  })

  it("new accounts made on the portal count against the address's sign-up limit", async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await tryAs('203.0.113.31', 'sign-up', {
        email: uniqueEmail('portal'),
        password: GOOD_PASSWORD,
      })
      expect(answer.statusCode).toBe(303)
    }
    const email = uniqueEmail('portal')
    const fourth = await tryAs('203.0.113.31', 'sign-up', { email, password: GOOD_PASSWORD })
    expect(fourth.body).toContain(TOO_MANY)
    expect(await storedAccount(t, email)).toBeUndefined()
  })

  it("behind a declared uplink the crowd's sign-in budget applies, not one client's", async () => {
    for (let attempt = 1; attempt <= 6; attempt++) {
      const answer = await wrongPassword(UPLINK)
      expect(answer.body, `attempt ${attempt}`).toContain('do not match an account')
    }
    expect((await wrongPassword(UPLINK)).body).toContain(TOO_MANY)
  })

  it("one address cannot spend a gateway's password budget; all addresses together can, and only that gateway's", async () => {
    for (let attempt = 1; attempt <= 12; attempt++) await wrongPassword('203.0.113.41')
    // The attacker's address counted 4 of the gateway's 10; the other 8 tries were refused first.
    for (let client = 1; client <= 6; client++) {
      const answer = await wrongPassword(`203.0.113.${50 + client}`)
      expect(answer.body, `client ${client}`).toContain('do not match an account')
    }
    expect((await wrongPassword('203.0.113.60')).body).toContain(TOO_MANY)
    const otherGateway = await tryAs(
      '203.0.113.60',
      'sign-in',
      {
        email: uniqueEmail('nobody'),
        password: 'not the password',
      },
      level2,
    )
    expect(otherGateway.body).toContain('do not match an account')
  })

  it('pass codes: a device gets its own few tries, even for the right code', async () => {
    const code = await passCode(await signUpUser(t))
    const { state } = await openPortal(t, level1)
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await postForm(t, '/wifi/portal/gate-1/code', { state, code: 'ZZZZ-ZZZZ' })
      expect(wrong.body).toContain('That WiFi pass code is not valid.')
    }
    const right = await postForm(t, '/wifi/portal/gate-1/code', { state, code })
    expect(right.body).toContain(TOO_MANY)
    // Another phone at the same address still has its tries (the address has used 3 of 4).
    expect((await tryAs('127.0.0.1', 'code', { code })).statusCode).toBe(303)
  })

  it("pass codes: a made-up MAC for every try does not escape the address's sign-in limit", async () => {
    const code = await passCode(await signUpUser(t))
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await tryAs('203.0.113.71', 'code', { code: 'ZZZZ-ZZZZ' })
      expect(wrong.body).toContain('That WiFi pass code is not valid.')
    }
    expect((await tryAs('203.0.113.71', 'code', { code })).body).toContain(TOO_MANY)
    expect((await signIn(t, uniqueEmail(), GOOD_PASSWORD, '203.0.113.71')).statusCode).toBe(429)
  })

  it("pass codes: one address cannot use up a gateway's budget for everyone; all together can", async () => {
    const code = await passCode(await signUpUser(t))
    for (let attempt = 1; attempt <= 12; attempt++) {
      await tryAs('203.0.113.81', 'code', { code: 'ZZZZ-ZZZZ' })
    }
    // 4 of the gateway's 6 spent by the attacker's address: the owner gets in.
    expect((await tryAs('203.0.113.82', 'code', { code })).statusCode).toBe(303)
    expect((await tryAs('203.0.113.83', 'code', { code: 'ZZZZ-ZZZZ' })).body).toContain('not valid')
    expect((await tryAs('203.0.113.84', 'code', { code })).body).toContain(TOO_MANY)
    expect((await tryAs('203.0.113.84', 'code', { code }, level2)).statusCode).toBe(303)
  })
})
