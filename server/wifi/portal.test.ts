import { describe, expect, it } from 'vitest'
import { bearer, GOOD_PASSWORD, signUpUser, storedAccount, uniqueEmail } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { fakeClient, fasQuery, hidOf } from '../test/opennds-query'
import { useTestApp } from '../test/test-app'
import {
  authmonPost,
  GATEWAYS,
  gatewaysFile,
  openPortal as openGatewayPortal,
  postForm,
  signInNewPhone,
} from '../test/wifi-helpers'
import { rhidOf, sha256hex } from './wifi-secrets'

const [level1, level2, level3] = GATEWAYS
const SITE = 'http://vibes.festival.test'

describe('the WiFi captive portal', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    { WIFI_GATEWAYS_FILE: gatewaysFile(), PUBLIC_URL: SITE, WIFI_SESSION_MINUTES: '90' },
    { now: clock.now },
  )

  const openPortal = (gateway: (typeof GATEWAYS)[number], client = fakeClient()) =>
    openGatewayPortal(t, gateway, client)

  it('shows the three ways in, as plain HTML with no script, a strict CSP and no caching', async () => {
    const { page } = await openPortal(level1)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/style-src 'sha256-[^']+'/)
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("form-action 'self' http://192.0.2.1:2050")
    expect(page.body).not.toMatch(/<script|<link|<img|src=/i)
    for (const action of ['sign-in', 'code', 'sign-up']) {
      expect(page.body).toContain(`action="/wifi/portal/gate-1/${action}"`)
    }
    expect(Buffer.byteLength(page.body)).toBeLessThan(15 * 1024)
  })

  it('reads the level 2 and level 3 queries (AES) as well', async () => {
    await openPortal(level2)
    await openPortal(level3)
  })

  it.each([
    ['no query at all', ''],
    ['a fas that is not base64', 'fas=%%%'],
    ['a fas for another gateway', fasQuery({ ...level1, name: 'Elsewhere' }, fakeClient())],
    [
      'a level 2 query encrypted with another key',
      fasQuery({ ...level2, faskey: 'x'.repeat(32) }, fakeClient()),
    ],
    [
      'a gateway address outside any LAN (an open redirect)',
      fasQuery(level1, fakeClient({ gatewayaddress: '1.2.3.4:80' })),
    ],
  ])('answers %s with a clear page, not an error', async (_name, query) => {
    const gateway = query.includes('iv=') ? level2 : level1
    const page = await t.app.inject({ url: `/wifi/portal/${gateway.id}/?${query}` })
    expect(page.statusCode).toBe(400)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('This page needs the link the festival WiFi sends you to.')
  })

  it('takes a query with a long first URL, which openNDS sends in full, and drops that URL', async () => {
    // Seen in the lab: a phone whose first page had a 3,000-character address got a level 3
    // query of 6,120 characters from openNDS 9.10.0 (levels 2 and 3 encrypt alike).
    const long = `http://example.test/${'a'.repeat(3000)}`
    const { state } = await openPortal(level2, fakeClient({ originurl: long }))
    const user = await signUpUser(t)
    const answer = await postForm(t, '/wifi/portal/gate-2/sign-in', {
      state,
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(answer.statusCode).toBe(303)
    const redir = new URL(new URL(String(answer.headers.location)).searchParams.get('redir')!)
    const online = await t.app.inject({ url: `${redir.pathname}${redir.search}` })
    expect(online.body).toContain("You're online")
    expect(online.body).not.toContain('example.test')
  })

  it('refuses an unknown gateway', async () => {
    const page = await t.app.inject({
      url: `/wifi/portal/nowhere/?${fasQuery(level1, fakeClient())}`,
    })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('This WiFi gateway is not known here.')
  })

  it('signs in with a password and sends the phone to its gateway with the rhid (level 1)', async () => {
    const user = await signUpUser(t)
    const { client, state } = await openPortal(level1)
    const answer = await postForm(t, '/wifi/portal/gate-1/sign-in', {
      state,
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(answer.statusCode).toBe(303)
    const location = new URL(String(answer.headers.location))
    expect(location.origin).toBe('http://192.0.2.1:2050')
    expect(location.pathname).toBe('/opennds_auth/')
    expect(location.searchParams.get('tok')).toBe(rhidOf(hidOf(client), level1.faskey))
    const redir = new URL(location.searchParams.get('redir')!)
    expect(`${redir.origin}${redir.pathname}`).toBe(`${SITE}/wifi/portal/gate-1/online`)
    // The custom string names the device record, never the person.
    const custom = location.searchParams.get('custom')!
    expect(custom).toMatch(/^[0-9a-f-]{36}$/)
    const devices = await t.database.db
      .selectFrom('wifi_devices')
      .selectAll()
      .where('id', '=', custom)
      .execute()
    expect(devices).toHaveLength(1)
    expect(devices[0]).toMatchObject({ user_id: user.userId, label: 'iPhone', gateway: 'gate-1' })
    expect(devices[0]!.session_until - clock.now()).toBe(90 * 60_000)
    expect(JSON.stringify(devices)).not.toContain(client.clientmac)

    const online = await t.app.inject({ url: `${redir.pathname}${redir.search}` })
    expect(online.body).toContain("You're online")
    expect(online.body).toContain('href="http://example.test/news?page=1"')
    expect(online.body).toContain(`href="${SITE}/"`)
  })

  it('keeps the e-mail but not the password after a wrong password, and says why', async () => {
    const user = await signUpUser(t)
    const { state } = await openPortal(level1)
    const answer = await postForm(t, '/wifi/portal/gate-1/sign-in', {
      state,
      email: user.email,
      password: 'not the password at all',
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('That e-mail and password do not match an account.')
    expect(answer.body).toContain(`value="${user.email}"`)
    expect(answer.body).not.toContain('not the password at all')
    expect(answer.body).toContain('role="alert"')
  })

  it('refuses a tampered or expired state with a way back', async () => {
    const { state } = await openPortal(level1)
    const tampered = `${state.slice(0, -2)}${state.endsWith('A') ? 'B' : 'A'}A`
    const answer = await postForm(t, '/wifi/portal/gate-1/code', {
      state: tampered,
      code: 'AAAA-AAAA',
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('This sign-in page has expired')
    clock.advance(21 * 60_000)
    const late = await postForm(t, '/wifi/portal/gate-1/code', { state, code: 'AAAA-AAAA' })
    expect(late.body).toContain('This sign-in page has expired')
  })

  it('admits a device with the WiFi pass code, and refuses a wrong one', async () => {
    const user = await signUpUser(t)
    const pass = await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    expect(pass.statusCode).toBe(200)
    const { code } = pass.json()
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/)

    const wrong = await openPortal(level1)
    const refused = await postForm(t, '/wifi/portal/gate-1/code', {
      state: wrong.state,
      code: 'ZZZZ-ZZZZ',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('That WiFi pass code is not valid.')

    const { state } = await openPortal(level1)
    const typedLoosely = code.toLowerCase().replace('-', ' ')
    const admitted = await postForm(t, '/wifi/portal/gate-1/code', { state, code: typedLoosely })
    expect(admitted.statusCode).toBe(303)
    expect(String(admitted.headers.location)).toMatch(
      /^http:\/\/192\.0\.2\.1:2050\/opennds_auth\/\?tok=/,
    )
  })

  it('holds a pass to its device limit, naming the devices that hold the places', async () => {
    const user = await signUpUser(t)
    const { code } = (
      await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    ).json()
    const phones = [fakeClient(), fakeClient(), fakeClient()]
    for (const phone of phones) {
      const { state } = await openPortal(level1, phone)
      expect((await postForm(t, '/wifi/portal/gate-1/code', { state, code })).statusCode).toBe(303)
    }
    // One of the three again: still its place, no new one needed.
    const again = await openPortal(level1, phones[0])
    expect(
      (await postForm(t, '/wifi/portal/gate-1/code', { state: again.state, code })).statusCode,
    ).toBe(303)

    const fourth = await openPortal(level1)
    const refused = await postForm(t, '/wifi/portal/gate-1/code', { state: fourth.state, code })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain(
      'Your WiFi pass is already online on 3 devices: iPhone (last seen',
    )
    expect(refused.body).toContain('Forget one on the “Your WiFi pass” card in the VibeConnect app')

    // Forgetting one in the app frees its place.
    const listed = (
      await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    ).json()
    expect(listed.devices).toHaveLength(3)
    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/api/wifi/devices/${listed.devices[0].id}`,
      headers: bearer(user.accessToken),
    })
    expect(forget.statusCode).toBe(204)
    const fifth = await openPortal(level1)
    expect(
      (await postForm(t, '/wifi/portal/gate-1/code', { state: fifth.state, code })).statusCode,
    ).toBe(303)
  })

  it('refuses a password sign-in over the device limit at the sign-in form, keeping the e-mail but not the password', async () => {
    const user = await signUpUser(t)
    const { code } = (
      await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    ).json()
    for (let phone = 1; phone <= 3; phone++) {
      const { state } = await openPortal(level1)
      expect((await postForm(t, '/wifi/portal/gate-1/code', { state, code })).statusCode).toBe(303)
    }
    const { state } = await openPortal(level1)
    const refused = await postForm(t, '/wifi/portal/gate-1/sign-in', {
      state,
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(refused.statusCode).toBe(400)
    const signInForm = section(refused.body, 'signin-h')
    expect(signInForm).toContain('id="sign-in-alert"')
    expect(signInForm).toContain('Your WiFi pass is already online on 3 devices')
    expect(signInForm).toContain(`value="${user.email}"`)
    expect(signInForm).toMatch(/id="signin-email"[^>]*aria-describedby="sign-in-alert"/)
    expect(section(refused.body, 'code-h')).not.toContain('role="alert"')
    expect(refused.body).not.toContain(GOOD_PASSWORD)
  })

  it("the pass's QR code leads to a page that shows its code big, and what to do with it", async () => {
    const user = await signUpUser(t)
    const { code, portalUrl } = (
      await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    ).json()
    expect(portalUrl).toBe(`${SITE}/wifi/pass?code=${code}`)
    const url = new URL(portalUrl)
    const page = await t.app.inject({ url: `${url.pathname}${url.search}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.body).toContain(
      '<meta name="viewport" content="width=device-width,initial-scale=1">',
    )
    expect(page.body).toContain(`<p class="card code pass">${code}</p>`)
    expect(page.body).toMatch(/\.pass\{font-size:clamp\(2rem,11vw,3rem\)/)
    expect(page.body).toContain('<li>Join the festival WiFi.</li>')
    expect(page.body).toContain(
      'Under <strong>WiFi pass code</strong>, type the code above and tap <strong>Go online with my pass</strong>.',
    )
    expect(page.body).not.toMatch(/<script|<img|src=/i)
    // The button it names is the portal's.
    expect((await openPortal(level1)).page.body).toContain('>Go online with my pass</button>')
    // Typed by hand, loosely: the same page.
    const typed = await t.app.inject({
      url: `/wifi/pass?code=${encodeURIComponent(code.toLowerCase().replace('-', ' '))}`,
    })
    expect(typed.body).toContain(`<p class="card code pass">${code}</p>`)
  })

  it('a regenerated code replaces the old one at once', async () => {
    const user = await signUpUser(t)
    const first = (
      await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    ).json()
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/wifi/pass/regenerate',
      headers: bearer(user.accessToken),
    })
    expect(regenerated.statusCode).toBe(200)
    expect(regenerated.json().code).not.toBe(first.code)
    const { state } = await openPortal(level1)
    const old = await postForm(t, '/wifi/portal/gate-1/code', { state, code: first.code })
    expect(old.body).toContain('That WiFi pass code is not valid.')
  })

  it('level 3: queues the grant for authmon, which collects it, acknowledges it, and the page goes online', async () => {
    const user = await signUpUser(t)
    const { client, state } = await openPortal(level3)
    const answer = await postForm(t, '/wifi/portal/gate-3/sign-in', {
      state,
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(answer.statusCode).toBe(303)
    const connecting = String(answer.headers.location)
    expect(connecting).toMatch(/^\/wifi\/portal\/gate-3\/connecting\?s=/)

    const waiting = await t.app.inject({ url: connecting })
    expect(waiting.statusCode).toBe(200)
    expect(waiting.body).toContain('Connecting…')
    expect(waiting.body).toContain('http-equiv="refresh"')

    const rhid = rhidOf(hidOf(client), level3.faskey)
    const view = await authmonPost(t, level3, 'view')
    expect(view.statusCode).toBe(200)
    expect(view.body.startsWith('* ')).toBe(true)
    const lines = view.body.slice(2).split(' ').map(decodeURIComponent)
    const line = lines.find((entry) => entry.startsWith(rhid))!
    expect(line).toMatch(new RegExp(`^${rhid} 90 0 0 0 0 [0-9a-f-]{36}$`))

    expect((await authmonPost(t, level3, 'view', `* ${rhid}`)).body).toBe('ack')
    const after = await authmonPost(t, level3, 'view')
    expect(after.body).not.toContain(rhid)
    const done = await t.app.inject({ url: connecting })
    expect(done.statusCode).toBe(303)
    expect(String(done.headers.location)).toMatch(/^\/wifi\/portal\/gate-3\/online\?s=/)
  })

  it('authmon answers only its own gateway, from the addresses the organiser listed', async () => {
    const stranger = await authmonPost(t, { ...level3, name: 'SomeoneElse' }, 'view')
    expect(stranger.statusCode).toBe(403)
    const elsewhere = await authmonPost(t, level3, 'view', 'none', '203.0.113.50')
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.body).not.toContain(level3.faskey)
    const levelOne = await authmonPost(t, level1, 'view')
    expect(levelOne.statusCode).toBe(403)
  })

  it('authmon answers a listed poller that the server sees as an IPv4-mapped address (listening on ::)', async () => {
    const mapped = await authmonPost(t, level3, 'view', 'none', '::ffff:198.51.100.1')
    expect(mapped.statusCode, mapped.body).toBe(200)
    expect(mapped.body.startsWith('*')).toBe(true)
    const other = await authmonPost(t, level3, 'view', 'none', '::ffff:198.51.100.2')
    expect(other.statusCode).toBe(403)
  })

  it('authmon clear empties the queue; deauthed notices free the device place', async () => {
    const { device } = await signInNewPhone(t, level3)
    expect((await authmonPost(t, level3, 'clear')).statusCode).toBe(200)
    expect((await authmonPost(t, level3, 'view')).body).toBe('*')
    const notice = `method=timeout_deauth, clientmac=02:00:00:00:00:99, bytes_incoming=1, bytes_outgoing=2, session_start=1, session_end=2, token=abc, custom=${device.id}`
    expect((await authmonPost(t, level3, 'deauthed', notice)).body).toBe('ack')
    const cut = await t.database.db
      .selectFrom('wifi_devices')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirst()
    expect(cut?.cut_off_at).toBe(clock.now())
  })

  it('authmon keeps a notice with NUL bytes in it, without them, on both databases', async () => {
    const answer = await authmonPost(t, level3, 'custom', 'note=\0a\0b\0')
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe('ack')
    const kept = await t.database.db
      .selectFrom('wifi_gateway_notices')
      .select('payload')
      .where('payload', '=', 'note=ab')
      .execute()
    expect(kept).toHaveLength(1)
  })

  it('authmon keeps custom notices (cut to 2,000 characters) and answers ack; they cut no device off', async () => {
    const { device } = await signInNewPhone(t, level3)
    const notice = `custom=${device.id}, note=${'x'.repeat(2500)}`
    const answer = await authmonPost(t, level3, 'custom', notice)
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe('ack')
    const kept = await t.database.db
      .selectFrom('wifi_gateway_notices')
      .selectAll()
      .where('gateway', '=', 'gate-3')
      .where('kind', '=', 'custom')
      .execute()
    expect(kept.map((row) => row.payload)).toContain(notice.slice(0, 2000))
    expect(kept.find((row) => row.payload.startsWith(`custom=${device.id}`))?.received_at).toBe(
      clock.now(),
    )
    const after = await t.database.db
      .selectFrom('wifi_devices')
      .select('cut_off_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow()
    expect(after.cut_off_at).toBeNull()
  })

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript://example.test/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.test/festival.zip',
  ])('never shows a %s originurl as a link', async (originurl) => {
    const user = await signUpUser(t)
    const { state } = await openPortal(level1, fakeClient({ originurl }))
    const answer = await postForm(t, '/wifi/portal/gate-1/sign-in', {
      state,
      email: user.email,
      password: GOOD_PASSWORD,
    })
    const redir = new URL(new URL(String(answer.headers.location)).searchParams.get('redir')!)
    const online = await t.app.inject({ url: `${redir.pathname}${redir.search}` })
    expect(online.body).toContain("You're online")
    expect(online.body).not.toContain('Or carry on to')
    expect(online.body).not.toMatch(/href="(?!https?:)/i)
  })

  it('tells an already authenticated phone it is online', async () => {
    const page = await t.app.inject({ url: '/wifi/portal/gate-1/?status=authenticated' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("You're online")
  })

  it('also at the address openNDS 9.10.0 really sends when its auth dir is opened bare', async () => {
    // Seen in the lab: GET http://<gateway>:2050/opennds_auth/ from a phone already online
    // answers 307 to `<faspath>&status=authenticated`, the status in the path.
    const page = await t.app.inject({ url: '/wifi/portal/gate-1/&status=authenticated' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain("You're online")
    const unknown = await t.app.inject({ url: '/wifi/portal/nowhere/&status=authenticated' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('This WiFi gateway is not known here.')
  })

  it('creates an account from the portal and lets the device through', async () => {
    const { state } = await openPortal(level1)
    const email = uniqueEmail('portal')
    const answer = await postForm(t, '/wifi/portal/gate-1/sign-up', {
      state,
      email,
      password: GOOD_PASSWORD,
    })
    expect(answer.statusCode).toBe(303)
    expect(String(answer.headers.location)).toContain('/opennds_auth/?tok=')
    expect(await storedAccount(t, email)).toBeDefined()
  })

  it('gateway secrets never appear in a page or an answer', async () => {
    const { page } = await openPortal(level2)
    const authmon = await authmonPost(t, level3, 'view')
    for (const body of [page.body, authmon.body]) {
      for (const gateway of GATEWAYS) expect(body).not.toContain(gateway.faskey)
    }
    expect(sha256hex('x')).toHaveLength(64)
  })
})

/** The portal page's card headed by the heading with id `headingId`. */
function section(html: string, headingId: string): string {
  const start = html.indexOf(`aria-labelledby="${headingId}"`)
  if (start < 0) throw new Error(`no section ${headingId}`)
  return html.slice(start, html.indexOf('</section>', start))
}
