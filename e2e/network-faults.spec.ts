import { openSignedIn, signUpViaApi } from './support/accounts'
import { isScript, onDemandScriptOf, sharedScriptNamed } from './support/build'
import { expect, test } from './support/fixtures'
import { ownServer } from './support/own-server'
import {
  fanWithVibe,
  feedEntry,
  fulfillWithError,
  openMainApp,
  uniqueUsername,
  waitUntilLive,
} from './support/vibes'

// What a phone at a festival lives through: the network drops, and the auth server has a bad
// moment. The app says what is going on and recovers by itself.
test.describe('a flaky network', () => {
  test('offline, the app says so; back online, it catches up on what it missed', async ({
    page,
    context,
    request,
    baseURL,
    shoot,
    allowConsoleError,
  }) => {
    // Chromium logs the requests that fail while offline.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/)
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    // The data on screen came a moment ago: the notice says how old what I see is (ADR 034).
    const notice = page.getByText('Offline · updated just now')
    await expect(notice).toBeHidden()

    await context.setOffline(true)
    await expect(notice).toBeVisible()
    await shoot(page, 'offline-notice')

    // Meanwhile someone else shares a vibe (this request does not go through the offline page).
    const username = uniqueUsername('WhileAway')
    await fanWithVibe(request, baseURL!, { username, status: 'Posted while you were offline' })

    await context.setOffline(false)
    await expect(notice).toBeHidden()
    await expect(feedEntry(page, username)).toBeVisible()
    await waitUntilLive(page)
  })

  test('the token endpoint failing with 503 a few times is retried, and the user stays signed in', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 503/)
    const account = await signUpViaApi(request, baseURL!)
    // The stored session says the access token has expired, so auth-js refreshes on start.
    account.session = { ...account.session, expires_at: Math.floor(Date.now() / 1000) - 60 }

    let refreshAttempts = 0
    await page.route(/\/auth\/v1\/token\?grant_type=refresh_token/, async (route) => {
      refreshAttempts += 1
      if (refreshAttempts <= 3) {
        await fulfillWithError(route, 503, 'service_unavailable', 'Try again shortly')
      } else {
        await route.continue()
      }
    })

    await openSignedIn(page, account)
    await expect(page.getByText('Set Your Vibe!')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
    // Three 503s, then the attempt that went through: auth-js retried with its backoff.
    expect(refreshAttempts).toBeGreaterThanOrEqual(4)
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('vibeconnect.auth') ?? '{}').expires_at,
    )
    expect(stored).toBeGreaterThan(Date.now() / 1000)
  })

  test('the server restarting while the page is open: the feed reconnects and catches up', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    test.setTimeout(60_000)
    // Chromium logs the live socket's failed redials while the server is down.
    allowConsoleError(/WebSocket|ERR_CONNECTION_REFUSED/)
    const server = await ownServer('restart')
    await server.start()
    try {
      const fan = await fanWithVibe(request, server.baseURL)
      await openSignedIn(page, fan.account, `${server.baseURL}/`)
      await waitUntilLive(page)

      await server.kill()
      await expect(page.getByText('Connecting...')).toBeVisible()

      await server.start()
      // Written as soon as the server is back, likely before the page has redialled.
      const username = uniqueUsername('AfterRestart')
      await fanWithVibe(request, server.baseURL, { username, status: 'Back after the restart' })
      await expect(feedEntry(page, username)).toBeVisible({ timeout: 20_000 })
      await waitUntilLive(page)
      // The page never fell back to the sign-in screen.
      await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
    } finally {
      await server.kill()
    }
  })

  test('code that fails to download says so, instead of a blank screen', async ({
    page,
    request,
    baseURL,
    shoot,
    allowConsoleError,
  }) => {
    allowConsoleError(/Could not show the signed-in screens|Failed to fetch dynamically|ERR_FAILED/)
    const signedInScript = isScript(onDemandScriptOf('routes/SignedInRoute.tsx'))
    await page.route(signedInScript, (route) => route.abort())
    await openMainApp(page, request, baseURL!)
    await expect(page.getByRole('alert')).toContainText("Couldn't load VibeConnect 😔")
    await expect(page.getByText('Check your connection, then reload the page.')).toBeVisible()
    await shoot(page, 'load-failure')

    // Back on a good network, Reload brings the app.
    await page.unroute(signedInScript)
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByRole('banner')).toBeVisible()
  })

  test("the Update Vibe form's code failing to download is told inside the dialog", async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/Could not show the Update Vibe form|Failed to fetch dynamically|ERR_FAILED/)
    let formRequests = 0
    await page.route(isScript(onDemandScriptOf('features/vibes/vibe-forms.ts')), (route) => {
      formRequests += 1
      return route.abort()
    })
    await openMainApp(page, request, baseURL!)
    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
    await expect(dialog.getByRole('alert')).toHaveText(
      "Couldn't load the form. Check your connection, then close this and try again.",
    )
    expect(formRequests).toBeGreaterThan(0)
    // The dialog still closes as usual.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })

  test('the sign-in code failing to download: the form says so, and works once it can', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/Could not load the auth client|Failed to fetch dynamically|ERR_FAILED/)
    const authClientChunk = isScript(sharedScriptNamed('auth-client'))
    await page.route(authClientChunk, (route) => route.abort())
    const account = await signUpViaApi(request, baseURL!)
    await page.goto('/')
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Authentication failed')).toBeVisible()
    await expect(page.getByText('You seem to be offline. Check your connection.')).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email)

    // The next try downloads it again.
    await page.unroute(authClientChunk)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
  })
})
