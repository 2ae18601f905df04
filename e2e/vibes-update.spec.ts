import type { Page } from '@playwright/test'
import { onDemandScriptOf, pageIsIdle } from './support/build'
import { expect, test } from './support/fixtures'
import {
  feedEntry,
  fulfillWithError,
  hideToasts,
  openMainApp,
  screenshotUsername,
  waitUntilLive,
} from './support/vibes'

/** Holds `GET /api/vibes/mine` until the returned function is called. */
async function holdMyVibeRequest(page: Page) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/vibes/mine', async (route) => {
    await held
    await route.continue()
  })
  return release
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Update Your Vibe' })

test.describe('the Update Vibe modal', () => {
  test("the form's code is fetched after the first touch, not at start", async ({
    page,
    request,
    baseURL,
  }) => {
    const formScript = onDemandScriptOf('features/vibes/vibe-forms.ts')
    const formRequests: string[] = []
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === formScript) formRequests.push(sent.url())
    })
    // The page's timers run on Playwright's clock, so "not at start" can mean half a minute on.
    await page.clock.install()
    await openMainApp(page, request, baseURL!)
    // The screen is all there: the feed, the live channel and the lineup.
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeVisible()
    await waitUntilLive(page)
    await expect(page.getByRole('region', { name: 'By Stage' })).toBeVisible()
    await page.clock.runFor(30_000)
    await pageIsIdle(page)
    expect(formRequests).toEqual([])

    // A tap anywhere on the page, not on Update Vibe.
    await page.mouse.click(5, 400)
    await expect.poll(() => formRequests.length).toBe(1)
  })

  test('opens on my vibe as on screen while it asks for the latest, then updates it everywhere', async ({
    page,
    request,
    baseURL,
  }) => {
    const me = await openMainApp(page, request, baseURL!, { emoji: '🎸', status: 'Tuning up' })
    await expect(page.getByRole('banner')).toContainText(me.vibe.username)
    const release = await holdMyVibeRequest(page)

    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = dialogOf(page)
    // The refresh is held: the form is there all the same, filled from the screen.
    const username = dialog.getByLabel('Username')
    const status = dialog.getByLabel("What's your vibe right now?")
    await expect(username).toHaveValue(me.vibe.username)
    await expect(status).toHaveValue('Tuning up')
    await expect(dialog.getByText('9/100')).toBeVisible()
    await expect(dialog.getByRole('status', { name: 'Selected vibe' })).toHaveText('🎸')
    await expect(dialog.getByText('Loading your vibe...')).toHaveCount(0)
    release()
    await expect(status).toHaveValue('Tuning up')

    await status.fill('Crowd surfing to the main stage')
    await expect(dialog.getByText('31/100')).toBeVisible()
    await dialog.getByRole('button', { name: 'Change emoji' }).click()
    await dialog.getByRole('tab', { name: 'Moods' }).click()
    await dialog.getByRole('button', { name: 'Partying face' }).click()

    let releasePatch: () => void = () => {}
    const patchHeld = new Promise<void>((resolve) => (releasePatch = resolve))
    await page.route('**/api/vibes/*', async (route) => {
      if (route.request().method() === 'PATCH') await patchHeld
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Update Vibe' }).click()
    await expect(dialog.getByRole('button', { name: 'Updating...' })).toBeDisabled()
    releasePatch()

    await expect(page.getByText('Vibe updated! ✨')).toBeVisible()
    await expect(page.getByText('Your festival energy is refreshed!')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('banner')).toContainText('🥳')
    const mine = feedEntry(page, me.vibe.username)
    await expect(mine).toContainText('Crowd surfing to the main stage')
    await expect(mine).toContainText('🥳')

    // The change is on the server, not only on screen.
    await page.reload()
    await expect(feedEntry(page, me.vibe.username)).toContainText('Crowd surfing to the main stage')
  })

  test('offline, opens at once on my vibe as on screen, says so, and still refreshes once back online', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const me = await openMainApp(page, request, baseURL!, { emoji: '🎸', status: 'Tuning up' })
    await waitUntilLive(page)
    // The form's code comes after the first touch; then the network goes.
    const formScript = onDemandScriptOf('features/vibes/vibe-forms.ts')
    const formLoaded = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === formScript,
    )
    await page.mouse.click(5, 400)
    await formLoaded
    await context.setOffline(true)

    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = dialogOf(page)
    await expect(dialog.getByLabel('Username')).toHaveValue(me.vibe.username)
    await expect(dialog.getByLabel("What's your vibe right now?")).toHaveValue('Tuning up')
    await expect(
      dialog.getByText(/You're offline: this is your vibe as it was on screen/),
    ).toBeVisible()
    await expect(dialog.getByText('Loading your vibe...')).toHaveCount(0)

    // Meanwhile another device changed it; back online, the waiting refresh brings it in.
    await request.patch(`${baseURL}/api/vibes/${me.id}`, {
      data: { username: me.vibe.username, emoji: '🎸', status: 'Changed on my phone' },
      headers: { authorization: `Bearer ${me.account.session.access_token}` },
    })
    await context.setOffline(false)
    await expect(dialog.getByLabel("What's your vibe right now?")).toHaveValue(
      'Changed on my phone',
    )
    await expect(dialog.getByText(/You're offline/)).toHaveCount(0)
  })

  test('keeps focus inside while open, closes on Escape, Cancel, the close icon and the backdrop, and gives focus back', async ({
    page,
    request,
    baseURL,
  }) => {
    // Sixty key presses, each followed by a look at the focus, and four open/close rounds: alone
    // ~11 s, over 30 s when the suite's other worker and both servers share the two cores.
    test.slow()
    await openMainApp(page, request, baseURL!)
    const opener = page.getByRole('button', { name: 'Update Vibe' })
    const dialog = dialogOf(page)
    // Where focus is: in the dialog, on the page behind it, or out in the browser's own UI
    // (the body has focus then). The native modal lets Tab reach the browser UI, never the page.
    const focusPlace = () =>
      page.evaluate(() => {
        const active = document.activeElement
        if (!active || active === document.body) return 'browser'
        return active.closest('dialog[open]') ? 'dialog' : 'page'
      })

    await opener.click()
    await expect(dialog.getByLabel('Username')).not.toHaveValue('')
    expect(await focusPlace()).toBe('dialog')
    const visited = new Set<string>()
    for (let press = 0; press < 60; press += 1) {
      await page.keyboard.press('Tab')
      visited.add(await focusPlace())
    }
    expect([...visited].sort()).toEqual(['browser', 'dialog'])
    // Shift+Tab walks backwards through the dialog too.
    await dialog.getByLabel('Username').focus()
    await page.keyboard.press('Shift+Tab')
    expect(await focusPlace()).toBe('dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await opener.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await opener.click()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    // A click on the backdrop closes it too; one inside the dialog does not.
    await opener.click()
    await dialog.getByText('Pick your vibe avatar').click()
    await expect(dialog).toBeVisible()
    await page.mouse.click(10, 10)
    await expect(dialog).toBeHidden()
  })

  test('blank fields are refused with the missing-info toast', async ({
    page,
    request,
    baseURL,
  }) => {
    await openMainApp(page, request, baseURL!)
    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = dialogOf(page)
    await dialog.getByLabel("What's your vibe right now?").fill('  ')
    await dialog.getByRole('button', { name: 'Update Vibe' }).click()
    await expect(page.getByText('Missing info! 📝')).toBeVisible()
    await expect(page.getByText('Please fill in your username and vibe status')).toBeVisible()
    await expect(dialog).toBeVisible()
  })

  test('a failed update says why and keeps the dialog open', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 403/)
    await openMainApp(page, request, baseURL!)
    await page.route('**/api/vibes/*', (route) =>
      route.request().method() === 'PATCH'
        ? fulfillWithError(route, 403, 'forbidden', 'You can only change your own vibe')
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = dialogOf(page)
    await dialog.getByLabel("What's your vibe right now?").fill('Trying my luck')
    await dialog.getByRole('button', { name: 'Update Vibe' }).click()
    await expect(page.getByText('Oops! Something went wrong 😅')).toBeVisible()
    await expect(page.getByText('You can only change your own vibe')).toBeVisible()
    await expect(dialog).toBeVisible()
  })

  // A name each: a username is one person's (issue 22), and the feed's screenshot has BassDropBella.
  for (const [name, size, username] of [
    ['modal-phone', { width: 390, height: 844 }, 'SunsetSofia'],
    ['modal-desktop', { width: 1280, height: 800 }, 'MoonbeamMax'],
  ] as const) {
    test(`screenshot: ${name}`, async ({ page, request, baseURL, shoot }, testInfo) => {
      await page.setViewportSize(size)
      const me = await openMainApp(page, request, baseURL!, {
        username: screenshotUsername(username, testInfo),
        emoji: '😎',
        status: 'Front row for the headliner 🎶',
      })
      await page.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(dialogOf(page).getByLabel('Username')).toHaveValue(me.vibe.username)
      await hideToasts(page)
      await shoot(page, name)
    })
  }
})
