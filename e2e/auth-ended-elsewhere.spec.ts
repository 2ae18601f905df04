import type { APIRequestContext, Page } from '@playwright/test'
import { signOutOthersFromAnotherDevice } from './support/accounts'
import { expect, test } from './support/fixtures'
import { feedEntry, openMainApp, waitUntilLive } from './support/vibes'

// The same person signs in on another device and signs out everywhere else from there (or
// changes their password): this device must notice, sign out, and say so, not show errors for
// the rest of its access token's hour.

/** The main app with the live channel replaced by one that never answers: only the API can tell. */
async function openWithoutLiveChannel(page: Page, request: APIRequestContext, baseURL: string) {
  await page.routeWebSocket(/\/api\/live$/, () => {})
  const fan = await openMainApp(page, request, baseURL)
  await expect(feedEntry(page, fan.vibe.username)).toBeVisible()
  return fan
}

async function expectSignedOutWithNotice(page: Page) {
  await expect(page.getByText('You were signed out')).toBeVisible({ timeout: 10_000 })
  await expect(
    page.getByText(
      'Your session ended on another device or after a password change. Sign in again.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
  const stored = await page.evaluate(() => window.localStorage.getItem('vibeconnect.auth'))
  expect(stored).toBeNull()
}

test.describe('a session ended on another device', () => {
  test.beforeEach(({ allowConsoleError }) => {
    // The browser logs the refused request (401), refresh (400) and local sign-out (403).
    allowConsoleError(/status of 40[013]/)
  })

  test('the live channel hears it at once, and this device signs out with a notice', async ({
    page,
    request,
    baseURL,
    shoot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const fan = await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    await signOutOthersFromAnotherDevice(request, baseURL!, fan.account)
    await expectSignedOutWithNotice(page)
    await expect(page.getByText(/WiFi pre-access powered by Nova Mobile/)).toBeVisible()
    await shoot(page, 'signed-out-elsewhere-phone')
  })

  test('without the live channel, the next refused request signs this device out', async ({
    page,
    request,
    baseURL,
  }) => {
    const fan = await openWithoutLiveChannel(page, request, baseURL!)
    await signOutOthersFromAnotherDevice(request, baseURL!, fan.account)
    await page.getByRole('button', { name: 'Refresh vibes' }).click()
    await expectSignedOutWithNotice(page)
  })

  test('a token refused once but renewable keeps the user signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    const fan = await openWithoutLiveChannel(page, request, baseURL!)
    // One feed request is refused as a stale token would be; the session itself is fine.
    let refused = false
    const refreshes: string[] = []
    page.on('request', (sent) => {
      if (sent.url().includes('grant_type=refresh_token')) refreshes.push(sent.url())
    })
    await page.route(
      (url) => url.pathname === '/api/vibes' && !refused,
      (route) => {
        refused = true
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'bad_jwt', message: 'invalid JWT' }),
        })
      },
    )
    await page.getByRole('button', { name: 'Refresh vibes' }).click()
    await expect.poll(() => refreshes.length).toBe(1)
    await page.getByRole('button', { name: 'Refresh vibes' }).click()
    await expect(feedEntry(page, fan.vibe.username)).toBeVisible()
    await expect(page.getByText('You were signed out')).toHaveCount(0)
    await expect(page.getByText(fan.vibe.username).first()).toBeVisible()
  })
})
