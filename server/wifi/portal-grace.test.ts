import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, latestMail, storedAccount, uniqueEmail } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { hidOf } from '../test/opennds-query'
import { createTestApp, type TestApp } from '../test/test-app'
import { authmonPost, GATEWAYS, gatewaysFile, openPortal, postForm } from '../test/wifi-helpers'
import { rhidOf } from './wifi-secrets'

const [level1, , level3] = GATEWAYS
const SITE = 'http://vibes.festival.test'
const OPEN_THE_MAIL =
  'You have a few minutes online: open the e-mail we sent you and follow its link, then sign in here again.'

/** The test app with confirmation by mail on. */
const confirmationApp = (env: Record<string, string> = {}) =>
  createTestApp(
    {
      WIFI_GATEWAYS_FILE: gatewaysFile(),
      PUBLIC_URL: SITE,
      AUTH_EMAIL_CONFIRMATION: 'true',
      ...env,
    },
    // The grace grants count in fixed windows of the clock: on a clock that stands still, a test
    // cannot cross a window's turn and see its count start again.
    { now: createFakeClock().now },
  )

/** A new account made on `gateway`'s portal by the phone whose form carries `state`. */
const signUpOnPortal = (t: TestApp, gateway: { id: string }, state: string, email: string) =>
  postForm(t, `/wifi/portal/${gateway.id}/sign-up`, { state, email, password: GOOD_PASSWORD })

/** The page a path on our site answers, as the phone's browser would get it. */
const openOnSite = (t: TestApp, url: string) => {
  const { pathname, search } = new URL(url, SITE)
  return t.app.inject({ url: `${pathname}${search}` })
}

// docs/wifi.md, WIFI_GRACE_MINUTES: with AUTH_EMAIL_CONFIRMATION on, a new account made on the
// portal gets a short time online to open its confirmation mail, at most once per device and window.
describe('a new account on the portal with confirmation by mail on', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await confirmationApp({ RATE_LIMIT: 'on' })
  })
  afterAll(() => t.close())

  it('says on the form that a link comes by mail, with a few minutes online to open it', async () => {
    const { page } = await openPortal(t, level1)
    expect(page.body).toContain(
      'We mail you a link to confirm your address; you get a few minutes online to open it.',
    )
  })

  it('level 3: grants 10 minutes (no device place) and the online page says to open the mail', async () => {
    const { client, state } = await openPortal(t, level3)
    const email = uniqueEmail('grace')
    const answer = await signUpOnPortal(t, level3, state, email)
    expect(answer.statusCode).toBe(303)
    const connecting = String(answer.headers.location)
    expect(connecting).toMatch(/^\/wifi\/portal\/gate-3\/connecting\?s=.+&grace=1$/)

    const rhid = rhidOf(hidOf(client), level3.faskey)
    const view = await authmonPost(t, level3, 'view')
    const lines = view.body.slice(2).split(' ').map(decodeURIComponent)
    expect(lines).toContain(`${rhid} 10 0 0 0 0 grace`)
    await authmonPost(t, level3, 'view', `* ${rhid}`)
    const done = await openOnSite(t, connecting)
    expect(String(done.headers.location)).toContain('&grace=1')
    const online = await openOnSite(t, String(done.headers.location))
    expect(online.body).toContain(OPEN_THE_MAIL)

    expect((await latestMail(t.outbox, email, { kind: 'confirmation' })).link).toContain('/verify')
    const user = await storedAccount(t, email)
    expect(user).toMatchObject({ email_confirmed_at: null })
    const devices = await t.database.db
      .selectFrom('wifi_devices')
      .select('id')
      .where('user_id', '=', user!.id)
      .execute()
    expect(devices).toHaveLength(0)
  })

  it('level 1: sends the phone to its gateway, which sends it to the page that says to open the mail', async () => {
    const { state } = await openPortal(t, level1)
    const answer = await signUpOnPortal(t, level1, state, uniqueEmail('grace'))
    expect(answer.statusCode).toBe(303)
    const gateway = new URL(String(answer.headers.location))
    expect(gateway.origin).toBe('http://192.0.2.1:2050')
    expect(gateway.searchParams.get('custom')).toBe('grace')
    const online = await openOnSite(t, gateway.searchParams.get('redir')!)
    expect(online.body).toContain(OPEN_THE_MAIL)
  })

  it('gives one phone one grace grant per window, and asks an unconfirmed account to confirm first', async () => {
    const phone = await openPortal(t, level1)
    const email = uniqueEmail('grace')
    const first = await signUpOnPortal(t, level1, phone.state, email)
    expect(first.statusCode).toBe(303)
    const again = await signUpOnPortal(t, level1, phone.state, uniqueEmail('grace'))
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('Too many tries. Please wait a few minutes and try again.')
    const signIn = await postForm(t, '/wifi/portal/gate-1/sign-in', {
      state: phone.state,
      email,
      password: GOOD_PASSWORD,
    })
    expect(signIn.statusCode).toBe(400)
    expect(signIn.body).toContain('Check your e-mail and follow the link in it, then sign in here.')
  })
})

describe('a new account on the portal with confirmation by mail on and WIFI_GRACE_MINUTES=0', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await confirmationApp({ WIFI_GRACE_MINUTES: '0' })
  })
  afterAll(() => t.close())

  it('gets no time online: the page says to confirm first, and the mail goes out', async () => {
    const { state } = await openPortal(t, level3)
    const email = uniqueEmail('nograce')
    const answer = await signUpOnPortal(t, level3, state, email)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('Check your e-mail and follow the link in it, then sign in here.')
    expect((await authmonPost(t, level3, 'view')).body).toBe('*')
    expect((await latestMail(t.outbox, email, { kind: 'confirmation' })).to).toBe(email)
  })
})
