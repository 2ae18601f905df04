import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText, fuzzRuns, oddContentType } from '../test/fuzz'
import { fakeClient, fasQuery } from '../test/opennds-query'
import { useTestApp } from '../test/test-app'
import { formState, GATEWAYS, gatewaysFile, postForm } from '../test/wifi-helpers'
import { sha256hex } from '../wifi/wifi-secrets'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 100

/** openNDS's field list with any field missing, mangled or replaced by random text. */
const mangledFieldList = () =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          `hid=${'a'.repeat(64)}`,
          'clientip=192.0.2.77',
          'clientmac=02:00:00:00:00:77',
          'gatewayname=Festival%20Gate%20One',
          'gatewayaddress=192.0.2.1:2050',
          'originurl=javascript%3aalert(1)',
          'authdir=../../etc',
          'gatewayaddress=evil.example:80',
        ),
        anyText().map((text) => text.slice(0, 120)),
      ),
      { maxLength: 12 },
    )
    .map((fields) => fields.join(', '))

const anyFasQuery = () =>
  fc.oneof(
    mangledFieldList().map((plain) => `fas=${Buffer.from(plain).toString('base64')}`),
    fc
      .tuple(anyText(), anyText())
      .map(([fas, iv]) => `fas=${encodeURIComponent(fas)}&iv=${encodeURIComponent(iv)}`),
    fc.constant(''),
    fc.constant('status=authenticated'),
  )

/** A page of the portal: HTML, with our CSP, never an error of ours, never a gateway secret. */
function expectPortalPage(answer: {
  statusCode: number
  body: string
  headers: Record<string, unknown>
}) {
  expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(500)
  if (answer.statusCode === 303) return
  expect(String(answer.headers['content-type'])).toMatch(/^text\/(html|plain)/)
  for (const gateway of GATEWAYS) expect(answer.body).not.toContain(gateway.faskey)
  expect(answer.body).not.toMatch(/<script/i)
}

// Random input against the captive portal and authmon: every answer is a page (or authmon's
// text), never a 5xx, a script or a gateway's key; nothing sneaks a device through.
describe('the WiFi portal under random input', () => {
  const t = useTestApp({ WIFI_GATEWAYS_FILE: gatewaysFile() })

  it('answers any openNDS query with a page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GATEWAYS), anyFasQuery(), async (gateway, query) => {
        const answer = await t.app.inject({ url: `/wifi/portal/${gateway.id}/?${query}` })
        expectPortalPage(answer)
      }),
      fuzzRuns(RUNS),
    )
  })

  it('answers any form, whatever its state, fields and type, and admits no device', async () => {
    const page = await t.app.inject({
      url: `/wifi/portal/gate-1/?${fasQuery(GATEWAYS[0], fakeClient())}`,
    })
    const realState = formState(page.body)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('sign-in', 'sign-up', 'code'),
        fc.oneof(fc.constant(realState), anyText(), fc.constant(`${realState}x`)),
        anyText(),
        anyText(),
        fc.option(oddContentType(), { nil: undefined }),
        async (form, state, email, secret, contentType) => {
          const fields = { state, email, password: secret, code: secret }
          const headers: Record<string, string> =
            contentType === undefined ? {} : { 'content-type': contentType }
          const answer = await postForm(t, `/wifi/portal/gate-1/${form}`, fields, headers)
          expectPortalPage(answer)
          // A made-up e-mail and password or code never lets anyone through.
          if (form !== 'sign-up') expect(answer.statusCode).not.toBe(303)
        },
      ),
      fuzzRuns(RUNS),
    )
    const devices = await t.database.db.selectFrom('wifi_devices').select('id').execute()
    const signedUp = await t.database.db.selectFrom('users').select('id').execute()
    expect(devices.length).toBeLessThanOrEqual(signedUp.length * 3)
  })

  it('answers any authmon post in text or a page, and leaks no grant to a stranger', async () => {
    const level3 = GATEWAYS[2]
    const realHash = sha256hex(encodeURIComponent(level3.name))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('clear', 'view', 'list', 'deauthed', 'custom'), anyText()),
        fc.oneof(fc.constant(realHash), anyText()),
        fc.oneof(
          anyText(),
          anyText().map((text) => Buffer.from(text).toString('base64')),
        ),
        fc.constantFrom('127.0.0.1', '203.0.113.5'),
        async (action, gatewayhash, payload, remoteAddress) => {
          const answer = await t.app.inject({
            method: 'POST',
            url: `/wifi/portal/${level3.id}/`,
            remoteAddress,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ auth_get: action, gatewayhash, payload }).toString(),
          })
          expectPortalPage(answer)
          if (gatewayhash !== realHash || remoteAddress !== '127.0.0.1') {
            expect(answer.statusCode).toBeGreaterThanOrEqual(400)
          }
        },
      ),
      fuzzRuns(RUNS),
    )
  })

  it('answers any pass-page code', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(), async (code) => {
        const answer = await t.app.inject({ url: `/wifi/pass?code=${encodeURIComponent(code)}` })
        expectPortalPage(answer)
      }),
      fuzzRuns(RUNS),
    )
  })
})
