import { readFileSync } from 'node:fs'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { fakeClient, fasQuery } from '../server/test/opennds-query'
import { type ApiSession, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import { hideToasts, openMainApp } from './support/vibes'

const GATEWAYS = JSON.parse(readFileSync('e2e/support/wifi-gateways.json', 'utf8')) as Array<{
  id: string
  name: string
  faskey: string
  level: 1 | 3
}>
const MAIN_GATE = GATEWAYS[0]!
// The phone's gateway (openNDS's web server on the festival LAN) as the portal sends it there.
const GATEWAY_ORIGIN = 'http://192.0.2.1:2050'

const myPass = async (request: APIRequestContext, baseURL: string, account: ApiSession) =>
  (
    await request.get(`${baseURL}/api/wifi/pass`, {
      headers: { authorization: `Bearer ${account.session.access_token}` },
    })
  ).json()

/**
 * A phone in a captive browser: JavaScript off (the portal must not need it), and a stand-in for
 * the openNDS gateway, which lets the phone through and sends it where the portal said.
 */
async function captivePhone(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  })
  const page = await context.newPage()
  const gatewayHits: URL[] = []
  await page.route(`${GATEWAY_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url())
    gatewayHits.push(url)
    return route.fulfill({ status: 302, headers: { location: url.searchParams.get('redir')! } })
  })
  return { context, page, gatewayHits }
}

const openPortal = (page: Page, baseURL: string) =>
  page.goto(`${baseURL}/wifi/portal/${MAIN_GATE.id}/?${fasQuery(MAIN_GATE, fakeClient())}`)

test.describe('festival WiFi', () => {
  test('the WiFi panel shows my pass and its QR code, makes a new code, and lists and forgets my devices', async ({
    page,
    request,
    baseURL,
    browser,
    shoot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const fan = await openMainApp(page, request, baseURL!)
    const panel = page.getByRole('region', { name: 'Your WiFi pass' })
    const { code } = await myPass(request, baseURL!, fan.account)
    await expect(panel.getByText(code, { exact: true })).toBeVisible()
    await expect(
      panel.getByText('Each session lasts 4 h, on up to 3 devices at once.'),
    ).toBeVisible()
    // The QR code, a new code and my devices are one tap away.
    await panel.getByText('QR code, new code and my devices', { exact: true }).click()
    await expect(panel.getByText('None yet.')).toBeVisible()

    await panel.getByRole('button', { name: 'Show QR code' }).click()
    await expect(
      panel.getByRole('img', { name: `QR code of a page that shows pass code ${code}` }),
    ).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Hide QR code' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )

    // A phone gets online with the code, and shows up in the list.
    const phone = await captivePhone(browser)
    await openPortal(phone.page, baseURL!)
    await phone.page.getByLabel('Pass code', { exact: true }).fill(code)
    await phone.page.getByRole('button', { name: 'Go online with my pass' }).click()
    await expect(phone.page.getByRole('heading', { name: "You're online 🎉" })).toBeVisible()
    await phone.context.close()
    await page.reload()
    await panel.getByText('QR code, new code and my devices', { exact: true }).click()
    const devices = page.getByRole('list').filter({ hasText: 'iPhone · Main Gate' })
    await expect(devices.getByText('iPhone · Main Gate')).toBeVisible()
    await expect(devices.getByText(/^Online · first seen/)).toBeVisible()
    await hideToasts(page)
    await panel.scrollIntoViewIfNeeded()
    await shoot(page, 'wifi-panel-phone')

    await panel.getByRole('button', { name: 'Get a new code' }).click()
    await expect(panel.getByText('The old code stops working at once.')).toBeVisible()
    await panel.getByRole('button', { name: 'Yes, new code' }).click()
    await expect(panel.getByText(code, { exact: true })).toHaveCount(0)
    const renewed = await myPass(request, baseURL!, fan.account)
    await expect(panel.getByText(renewed.code, { exact: true })).toBeVisible()

    await panel.getByRole('button', { name: 'Forget iPhone (Main Gate)' }).click()
    await expect(panel.getByText('None yet.')).toBeVisible()
  })

  test('offline, a new code is refused at once and never made later; the keyboard follows the question', async ({
    page,
    context,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/)
    await page.setViewportSize({ width: 390, height: 844 })
    const fan = await openMainApp(page, request, baseURL!)
    const panel = page.getByRole('region', { name: 'Your WiFi pass' })
    const { code } = await myPass(request, baseURL!, fan.account)
    await expect(panel.getByText(code, { exact: true })).toBeVisible()
    await panel.getByText('QR code, new code and my devices', { exact: true }).click()

    await context.setOffline(true)
    await panel.getByRole('button', { name: 'Get a new code' }).press('Enter')
    // The question takes the button's place, and the focus: on its safe answer.
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await panel.getByRole('button', { name: 'Yes, new code' }).click()
    // Said at once, not a button left busy until the network is back.
    await expect(page.getByText("Couldn't make a new code")).toBeVisible()
    await expect(page.getByText('You seem to be offline. Check your connection.')).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Yes, new code' })).toBeEnabled()
    await panel.getByRole('button', { name: 'Cancel' }).press('Enter')
    await expect(panel.getByRole('button', { name: 'Get a new code' })).toBeFocused()

    // Back online, nothing was sent behind my back: the old code still works.
    await context.setOffline(false)
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)))
    expect((await myPass(request, baseURL!, fan.account)).code).toBe(code)
  })

  test('the captive portal works with JavaScript off: a wrong password is told, a pass code gets the phone online', async ({
    request,
    baseURL,
    browser,
    shoot,
  }) => {
    const fan = await signUpViaApi(request, baseURL!)
    const { page, context, gatewayHits } = await captivePhone(browser)
    await openPortal(page, baseURL!)
    await expect(page.getByRole('heading', { name: 'Festival WiFi' })).toBeVisible()
    await shoot(page, 'wifi-portal-phone')

    await page.locator('#signin-email').fill(fan.email)
    await page.locator('#signin-password').fill('not the password at all')
    await page.getByRole('button', { name: 'Sign in and go online' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'That e-mail and password do not match an account.',
    )
    await expect(page.locator('#signin-email')).toHaveValue(fan.email)
    await expect(page.locator('#signin-password')).toHaveValue('')

    await page.locator('#signin-password').fill(fan.password)
    await page.getByRole('button', { name: 'Sign in and go online' }).click()
    await expect(page.getByRole('heading', { name: "You're online 🎉" })).toBeVisible()
    expect(gatewayHits).toHaveLength(1)
    expect(gatewayHits[0]!.pathname).toBe('/opennds_auth/')
    await expect(page.getByRole('link', { name: 'example.test' })).toHaveAttribute(
      'href',
      'http://example.test/news?page=1',
    )
    await shoot(page, 'wifi-online-phone')
    await context.close()
  })
})
