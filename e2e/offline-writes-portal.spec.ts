import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { OFFLINE_CONSOLE_ERRORS } from './support/offline'
import { lineupRow, openSection, PHONE, starIn, starredOnServer } from './support/schedule'
import { openMainApp, waitUntilLive } from './support/vibes'

// Issue 21: what I change while the festival WiFi's sign-in page answers for the server (the
// phone says it is online): kept on the device, and sent in the order made once through.

test.describe('offline first: writes behind the WiFi sign-in page', () => {
  test.beforeEach(({ allowConsoleError }) => allowConsoleError(OFFLINE_CONSOLE_ERRORS))

  test('a star set while the WiFi sign-in page answers for the server waits, and is saved at the next start', async ({
    page,
    request,
    baseURL,
  }) => {
    const { fan, artist, star, signedInToWifi } = await starBehindThePortal(page, request, baseURL!)
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText("Couldn't star that set")).toHaveCount(0)

    // Signed in to the WiFi: the next start sends it.
    await signedInToWifi()
    await page.reload()
    await openSection(page, 'Lineup')
    await expect(starIn(page, artist)).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText('Waiting for network')).toHaveCount(0)
    await expect.poll(() => starredOnServer(request, baseURL!, fan)).toEqual([artist])
  })

  test('a change made online while an earlier one waits goes after it, never before', async ({
    page,
    request,
    baseURL,
  }) => {
    const { fan, artist, star, signedInToWifi } = await starBehindThePortal(page, request, baseURL!)
    // Signed in to the WiFi (the phone was "online" all along: no event says so), I unstar it.
    await signedInToWifi()
    await star.click()
    await expect(star).toHaveAttribute('aria-pressed', 'false')
    // Both went out, in the order made: the set is not on my schedule, now or after a start.
    await expect(page.getByText('Waiting for network')).toHaveCount(0)
    await expect.poll(() => starredOnServer(request, baseURL!, fan)).toEqual([])
    await page.reload()
    await openSection(page, 'Lineup')
    await expect(starIn(page, artist)).toHaveAttribute('aria-pressed', 'false')
    expect(await starredOnServer(request, baseURL!, fan)).toEqual([])
  })
})

/**
 * On the festival WiFi before its sign-in, on a phone: the phone is "online", and every request
 * gets the gateway's page instead of an answer from us. A set starred there waits on the device.
 */
async function starBehindThePortal(page: Page, request: APIRequestContext, baseURL: string) {
  await page.setViewportSize(PHONE)
  const fan = await openMainApp(page, request, baseURL)
  await waitUntilLive(page)
  await openSection(page, 'Lineup')
  const artist = 'Fern & Fable'
  const star = starIn(page, artist)
  const stars = '**/api/schedule/stars/**'
  const portal = '<html><body>Sign in to Festival WiFi</body></html>'
  await page.route(stars, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: portal }),
  )
  await star.click()
  await expect(lineupRow(page, artist).getByText('Waiting for network')).toBeVisible()
  return { fan, artist, star, signedInToWifi: () => page.unroute(stars) }
}
