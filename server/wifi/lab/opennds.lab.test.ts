import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { gameFile } from '../../test/game-helpers'
import {
  ensureBuild,
  INTERNET,
  LAB_DIR,
  LAB_SCRIPTS,
  type Lab,
  run,
  setUpLab,
  tearDownLab,
  waitFor,
} from './lab'
import { type Answer, Phone } from './phone'
import { labProblems } from './preflight.mjs'

// A real gateway: Debian's openNDS in network namespaces, phones that get their address by DHCP,
// and our built server as its captive portal (setup.sh draws the lab). npm test runs this suite
// on its own, as root (scripts/test.mjs); it takes about a minute and a half a level.

const SESSION_MINUTES = 1
const LEVEL_2_MINUTES = 7
const PASSWORD = 'festival nights are long'
const newEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.test`

beforeAll(() => {
  const problems = labProblems()
  if (problems.length > 0)
    throw new Error(`the openNDS lab cannot run here: ${problems.join('; ')}`)
  ensureBuild()
})

describe.each([1, 3] as const)('a phone behind a real openNDS gateway, level %i', (level) => {
  let lab: Lab
  let phone: Phone
  let secondPhone: Phone
  let timedPhone: Phone
  let timedAccount: { email: string; token: string }
  let timedSignInAt = 0
  /** The lab the third phone's timed session is on (a retry may have built a new one since). */
  let timedLab: Lab | undefined

  /** The lab, new: a gateway, its phones, and a server with an empty database. */
  function buildLab() {
    lab = setUpLab(level, {
      GAME_CONFIG_FILE: gameFile((game) => ({
        ...game,
        // A vibe (20 points) reaches level 2, whose sessions last LEVEL_2_MINUTES.
        levels: [{ points: 0 }, { points: 20, sessionMinutes: LEVEL_2_MINUTES }],
      })),
      WIFI_SESSION_MINUTES: String(SESSION_MINUTES),
      WIFI_DEVICES_PER_ACCOUNT: '1',
      // Level 1 hands openNDS no session length (its auth dir takes none): the gateway's own
      // sessiontimeout applies, so the lab sets it to the server's, as an organiser must.
      SESSIONTIMEOUT: level === 1 ? String(SESSION_MINUTES) : '1440',
      CHECKINTERVAL: '3',
    })
    phone = new Phone(lab, 1)
    secondPhone = new Phone(lab, 2)
    timedPhone = new Phone(lab, 3)
  }

  beforeAll(buildLab)
  afterAll(() => {
    tearDownLab()
  })
  // Each test starts from captured phones (the third phone's session runs across tests).
  beforeEach(async ({ task, onTestFailed }) => {
    // A failure in CI leaves no lab behind to look at: print what the gateway and server said.
    onTestFailed(() => console.error(lab?.diagnostics()))
    // CI tries a failed test once more (npm test then names it flaky). That try gets a new lab:
    // openNDS 9.10.0 has a race on its process-wide SIGCHLD handler that can fail any of its
    // helper calls (README), and once (CI, 2026-11-29) a level 1 lab refused every way online
    // after its first test, on the retries too; that run kept no logs to say whether the gateway
    // or the server was stuck, so a retry starts both again.
    if ((task.result?.retryCount ?? 0) > 0) {
      process.stderr.write(`\n[lab] "${task.name}" is tried again, on a new lab\n`)
      buildLab()
    }
    for (const each of lab ? [phone, secondPhone] : []) {
      if (await each.isOnline()) await each.disconnect()
    }
  })

  /** A new account through the app's API, as the app's sign-up makes one. */
  async function signUpThroughApi() {
    const email = newEmail('fan')
    const answer = await lab.api('POST', '/auth/v1/signup', { email, password: PASSWORD })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    return { email, token: answer.json.access_token as string }
  }

  /** The online page, and the internet behind it: what every way through must end in. */
  async function expectOnline(target: Phone, arrival: { via: string; page: Answer }) {
    if (level === 1)
      expect(arrival.via).toMatch(/^http:\/\/192\.0\.2\.1:2050\/opennds_auth\/\?tok=[0-9a-f]{64}&/)
    else expect(arrival.via.startsWith(`${lab.portal}connecting?s=`), arrival.via).toBe(true)
    // What went wrong, in the failure's own message (CI's summary keeps its first lines).
    const seen = `after ${arrival.via.slice(0, 120)}: ${arrival.page.status} ${arrival.page.body.slice(0, 160)}`
    expect(arrival.page.status, seen).toBe(200)
    expect(arrival.page.body, seen).toContain("You're online")
    const online = await target.isOnline()
    const client = await lab.client(target.ip)
    // The gateway's log, read once for both messages.
    const withGateway = `${seen}\nopenNDS's last errors:\n${lab.gatewayErrors()}`
    expect(online, withGateway).toBe(true)
    expect(client?.state, withGateway).toBe('Authenticated')
    // The custom string is our device record's id, never the person.
    expect(client?.custom).toMatch(/^[0-9a-f-]{36}$/)
  }

  it('gives each phone a DHCP lease with the captive portal URI (option 114, RFC 8910)', () => {
    for (const each of [phone, secondPhone, timedPhone]) {
      const lease = each.lease()
      expect(lease.new_ip_address).toBe(each.ip)
      expect(lease.new_captive_portal_uri).toBe('http://status.client')
    }
  })

  it('captures a new phone: a 307 to our portal, which shows its form, and no internet', async () => {
    const answer = await phone.internet()
    expect(answer.status).toBe(307)
    const portal = new URL(answer.location)
    expect(`${portal.origin}${portal.pathname}`).toBe(lab.portal)
    expect(portal.search).toMatch(
      level === 1 ? /^\?fas=[A-Za-z0-9+/=]+$/ : /^\?fas=[A-Za-z0-9+/=]+&iv=[0-9a-f]{16}$/,
    )
    // Other ports of the internet are closed, not just redirected.
    expect((await phone.request(`${INTERNET}:8080/`)).exit).toBe(7)
    expect((await lab.client(phone.ip))?.state).toBe('Preauthenticated')
    // openNDS's RFC 8908 API points at the portal too (the name comes from the router's DNS).
    const api = await phone.request('http://status.client/', {
      headers: ['Accept: application/captive+json'],
    })
    expect(JSON.parse(api.body)).toMatchObject({ captive: true })
    expect(JSON.parse(api.body)['user-portal-url'].startsWith(`${lab.portal}?fas=`)).toBe(true)

    const { page } = await phone.openPortal()
    expect(page.body).toContain('<h1>Festival WiFi</h1>')
    for (const form of ['sign-in', 'code', 'sign-up']) {
      expect(page.body).toContain(`action="/wifi/portal/${lab.info.gatewayId}/${form}"`)
    }
    // A long first address: openNDS sends it in full (a level 3 query of 4,000+ characters).
    const long = await phone.internet(`/${'a'.repeat(2500)}`)
    expect(long.status).toBe(307)
    const longPortal = await phone.request(long.location)
    expect(longPortal.status, longPortal.body.slice(0, 300)).toBe(200)
    expect(longPortal.body).toContain('name="state"')
  })

  /** Signs the third phone in for its SESSION_MINUTES session, which the 2/2 test sees end. */
  async function signInTimedPhone() {
    timedAccount = await signUpThroughApi()
    const { state } = await timedPhone.openPortal()
    const arrival = await timedPhone.arrive(
      await timedPhone.submit('sign-in', { state, email: timedAccount.email, password: PASSWORD }),
    )
    timedSignInAt = Date.now()
    timedLab = lab
    await expectOnline(timedPhone, arrival)
    const client = await lab.client(timedPhone.ip)
    expect(Number(client?.session_end) - Number(client?.session_start)).toBe(SESSION_MINUTES * 60)
  }

  it(`the session timeout, 1/2: a third phone signs in for a ${SESSION_MINUTES}-minute session`, async () => {
    await signInTimedPhone()
  })

  it('keeps a phone captured after a wrong password, and lets it online with the right one', async () => {
    const { email } = await signUpThroughApi()
    const first = await phone.openPortal()
    const wrong = await phone.submit('sign-in', { state: first.state, email, password: 'not it' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('That e-mail and password do not match an account.')
    expect(await phone.isCaptured()).toBe(true)

    const arrival = await phone.arrive(
      await phone.submit('sign-in', { state: first.state, email, password: PASSWORD }),
    )
    await expectOnline(phone, arrival)
    // Online, the gateway's auth dir sends the phone to the portal with status=authenticated.
    const again = await phone.request('http://192.0.2.1:2050/opennds_auth/')
    expect(again.status).toBe(307)
    expect(again.location).toBe(`${lab.portal}&status=authenticated`)
    expect((await phone.request(again.location)).body).toContain("You're online")
    await phone.disconnect()
  })

  it('lets a phone online with an account it creates on the portal', async () => {
    const { state } = await phone.openPortal()
    const email = newEmail('portal')
    const arrival = await phone.arrive(
      await phone.submit('sign-up', { state, email, password: PASSWORD }),
    )
    await expectOnline(phone, arrival)
    // The account is a real one: it signs in to the app.
    const signIn = await lab.api('POST', '/auth/v1/token?grant_type=password', {
      email,
      password: PASSWORD,
    })
    expect(signIn.status).toBe(200)
    await phone.disconnect()
  })

  it("admits a phone with the app's WiFi pass code, not with a wrong code, and holds the device limit", async () => {
    const account = await signUpThroughApi()
    const pass = await lab.api('GET', '/api/wifi/pass', undefined, account.token)
    expect(pass.status).toBe(200)
    expect(pass.json.devicesPerAccount).toBe(1)
    const code: string = pass.json.code

    const { state } = await phone.openPortal()
    const wrong = await phone.submit('code', { state, code: 'ZZZZ-ZZZZ' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('That WiFi pass code is not valid.')
    expect(await phone.isCaptured()).toBe(true)
    await expectOnline(phone, await phone.arrive(await phone.submit('code', { state, code })))

    // A second phone with the same pass: the one place is taken, it stays captured.
    const second = await secondPhone.openPortal()
    const refused = await secondPhone.submit('code', { state: second.state, code })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Your WiFi pass is already online on 1 device')
    expect(await secondPhone.isCaptured()).toBe(true)
    expect(await phone.isOnline()).toBe(true)
    const devices = (await lab.api('GET', '/api/wifi/pass', undefined, account.token)).json.devices
    expect(devices).toHaveLength(1)
    await phone.disconnect()
  })

  it('signs in with Chromium in the phone, JavaScript off, from a web page to the internet', async () => {
    const { email } = await signUpThroughApi()
    const spki =
      level === 3
        ? (
            await run('sh', [
              '-c',
              `openssl x509 -in '${join(LAB_DIR, 'fas.crt')}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
            ])
          ).stdout.trim()
        : ''
    const browser = await run(
      'ip',
      [
        'netns',
        'exec',
        phone.ns,
        'env',
        `LAB_EMAIL=${email}`,
        `LAB_PASSWORD=${PASSWORD}`,
        `LAB_CA_SPKI=${spki}`,
        `LAB_SCREENSHOT=${join(LAB_DIR, 'logs', `portal-level-${level}.png`)}`,
        process.execPath,
        join(LAB_SCRIPTS, 'browser-sign-in.mjs'),
      ],
      90_000,
    )
    const seen = JSON.parse(browser.stdout.trim().split('\n').at(-1) || '{}')
    expect(seen, browser.stderr).toMatchObject({ step: 'done' })
    expect(seen.portalUrl.startsWith(`${lab.portal}?fas=`)).toBe(true)
    expect(seen.portalHeading).toBe('Festival WiFi')
    expect(seen.onlineUrl.startsWith(`${lab.portal}online?s=`), seen.onlineUrl).toBe(true)
    expect(seen.internet).toBe('INTERNET GET /hello')
    expect(await phone.isOnline()).toBe(true)
    await phone.disconnect()
  })

  if (level === 3) {
    it("grants a player the session length of the game level they reached (the gateway's clock)", async () => {
      const player = await signUpThroughApi()
      const vibe = await lab.api(
        'POST',
        '/api/vibes',
        { username: `Lvl${Date.now() % 1e6}`, emoji: '🎪', status: 'Levelling up' },
        player.token,
      )
      expect(vibe.status).toBe(201)
      await waitFor(
        'level 2',
        async () => (await lab.api('GET', '/api/game', undefined, player.token)).json.level === 2,
        10_000,
      )
      const { state } = await phone.openPortal()
      const arrival = await phone.arrive(
        await phone.submit('sign-in', { state, email: player.email, password: PASSWORD }),
      )
      await expectOnline(phone, arrival)
      const client = await lab.client(phone.ip)
      expect(Number(client?.session_end) - Number(client?.session_start)).toBe(LEVEL_2_MINUTES * 60)
      await phone.disconnect()
    })
  }

  it('the session timeout, 2/2: after its minute the third phone is cut off and captured again', async () => {
    expect(timedSignInAt, 'the third phone never got online (see 1/2)').toBeGreaterThan(0)
    // A test between the halves was tried again on a new lab: the session began on the old one.
    if (timedLab !== lab) await signInTimedPhone()
    const notBefore = timedSignInAt + SESSION_MINUTES * 60_000 - 5000
    // openNDS checks sessions every checkinterval seconds.
    const deadline =
      timedSignInAt + SESSION_MINUTES * 60_000 + 3 * lab.info.checkInterval * 1000 + 5000
    // The tests between the halves may outlast the minute (at level 3 each waits on authmon's
    // 10 s polls, longer on a slow day), so the cut may be made already: the gateway's log says
    // when it was, and that it was the session's end.
    await waitFor(
      'the session to end',
      () => timedPhone.isCaptured(),
      Math.max(deadline - Date.now(), 0),
      1000,
    )
    const endedAt = await waitFor(
      "the gateway's log of the session's end",
      async () => lab.sessionEndedAt(timedPhone.ip),
      5000,
    )
    expect(endedAt).toBeGreaterThan(notBefore)
    const device = async () =>
      (await lab.api('GET', '/api/wifi/pass', undefined, timedAccount.token)).json.devices[0]
    // The server's record ends within a second of the cut: openNDS counts the session in whole
    // seconds from the second it let the phone in, the server in milliseconds from its grant,
    // made just before, so the gateway's end can come up to a second before the server's (a CI
    // run saw the device still online right after the cut).
    await waitFor(
      'the server to see the session ended',
      async () => !(await device()).online,
      2000,
      200,
    )
    // Level 3: the gateway tells us (binauth_log.sh posts a deauthed notice as it cuts off),
    // never before the session's minute is up.
    if (level === 3) {
      const cutOffAt: string = await waitFor(
        'the deauthed notice',
        async () => (await device()).cutOffAt,
        10_000,
      )
      expect(Date.parse(cutOffAt)).toBeGreaterThan(notBefore)
    }
  })
})
