import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { signOutOthersFromAnotherDevice } from './support/accounts'
import { expect, test } from './support/fixtures'
import {
  controlledByWorker,
  myVibeOnServer,
  OFFLINE_CONSOLE_ERRORS,
  openAppReadyForOffline,
  queuedWrites,
  queueUsernameOffline,
  USERNAME_TAKEN,
  updateStatusOffline,
  withoutBackgroundSync,
} from './support/offline'
import { lineupRow, openSection, PHONE, starIn, starredOnServer } from './support/schedule'
import {
  fanWithVibe,
  feedEntry,
  hideToasts,
  openMainApp,
  secondBrowser,
  waitUntilLive,
} from './support/vibes'

// Issue 21: the app installs like an app, opens with no network on what it last showed, keeps
// what I change offline until it can send it, and never leaves me on an old version.
// Here: what I change offline.

test.describe('offline first: writes made offline', () => {
  test.beforeEach(({ allowConsoleError }) => allowConsoleError(OFFLINE_CONSOLE_ERRORS))

  test('without Background Sync, a vibe updated offline waits on the device through a closed app, then goes out once and shows live to others', async ({
    browser,
    context,
    page,
    request,
    baseURL,
    shoot,
  }) => {
    // Two browsers, a closed and reopened app and a live delivery: 16 s on a quiet machine.
    test.slow()
    // The next start sends it: with Background Sync the worker may send it first (the other spec).
    await withoutBackgroundSync(context)
    await page.setViewportSize(PHONE)
    const fan = await openAppReadyForOffline(page, request, baseURL!, 'Before the rain')
    const { userId } = fan

    // Someone else watches the feed, live.
    const other = await secondBrowser(browser, baseURL!)
    try {
      await openMainApp(other.page, request, baseURL!)
      await waitUntilLive(other.page)
      await expect(feedEntry(other.page, fan.vibe.username)).toContainText('Before the rain')

      await context.setOffline(true)
      await updateStatusOffline(page, 'Dancing in the rain, offline')
      await expect(page.getByText('Vibe saved on this device 📶')).toBeVisible()
      // The feed says it is not updating now, even if its socket has not noticed yet.
      await expect(page.getByText('Not updating', { exact: true })).toBeVisible()
      await expect(feedEntry(page, fan.vibe.username)).toContainText('Dancing in the rain, offline')
      await shoot(page, 'offline-vibe-waiting-phone')
      expect(await queuedWrites(page, userId)).toHaveLength(1)
      await expect(feedEntry(other.page, fan.vibe.username)).toContainText('Before the rain')

      // The app is closed, and opened again once the network is back.
      await page.close()
      await context.setOffline(false)
      const patches: string[] = []
      context.on('request', (sent) => {
        if (sent.method() === 'PATCH') patches.push(sent.url())
      })
      const again = await context.newPage()
      await again.setViewportSize(PHONE)
      await again.goto('/')
      await expect(feedEntry(other.page, fan.vibe.username)).toContainText(
        'Dancing in the rain, offline',
      )
      await expect(again.getByRole('banner')).not.toContainText('Waiting for network')
      await expect(again.getByRole('banner')).toContainText(fan.vibe.username)
      await expect.poll(() => queuedWrites(again, userId)).toEqual([])
      // Once: another start sends nothing more.
      await again.reload()
      await expect(feedEntry(again, fan.vibe.username)).toContainText(
        'Dancing in the rain, offline',
      )
      await waitUntilLive(again)
      expect(patches).toHaveLength(1)
      expect((await myVibeOnServer(request, baseURL!, fan.account.session)).vibe.status).toBe(
        'Dancing in the rain, offline',
      )
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })

  test("a queued vibe the server refuses comes back with the server's reason, not lost in silence", async ({
    context,
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 409/)
    const taken = (await fanWithVibe(request, baseURL!)).vibe.username
    const me = await openAppReadyForOffline(page, request, baseURL!, 'Mine')
    await expect(page.getByRole('banner')).toContainText(me.vibe.username)
    await context.setOffline(true)
    await queueUsernameOffline(page, taken)
    await expect(page.getByRole('banner')).toContainText(taken)

    await context.setOffline(false)
    await expect(page.getByText("Your vibe update wasn't saved")).toBeVisible()
    await expect(page.getByText(USERNAME_TAKEN)).toBeVisible()
    // The screen goes back to what the server has.
    await expect(page.getByRole('banner')).toContainText(me.vibe.username)
    await expect(page.getByRole('banner')).not.toContainText('Waiting for network')
    expect(await queuedWrites(page, me.userId)).toEqual([])
  })

  test('a vibe updated offline does not overwrite a newer one from another device; Keep mine sends it over it', async ({
    context,
    page,
    request,
    baseURL,
    shoot,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 412/)
    const { me, auth } = await updateRefusedAsChangedElsewhere(context, page, request, baseURL!)
    const { userId } = me
    await expect(
      page.getByText('Your vibe was changed on another device after this update was made'),
    ).toBeVisible()
    // What "mine" is, since the screen now shows the other phone's.
    await expect(page.getByText('Yours said: 🎸 “Written offline in the tent”')).toBeVisible()
    await expect(feedEntry(page, me.vibe.username)).toContainText('From my other phone')
    await expect(page.getByRole('banner')).not.toContainText('Waiting for network')
    expect(await queuedWrites(page, userId)).toEqual([])
    const statusOnServer = async () =>
      (await (await request.get(`${baseURL}/api/vibes/mine`, { headers: auth })).json()).vibe
        .status as string
    expect(await statusOnServer()).toBe('From my other phone')
    await shoot(page, 'offline-vibe-changed-elsewhere-phone')

    // My choice: the update written offline, over the other phone's.
    await page.getByRole('button', { name: 'Keep mine' }).click()
    await expect(feedEntry(page, me.vibe.username)).toContainText('Written offline in the tent')
    await expect.poll(statusOnServer).toBe('Written offline in the tent')
    await expect.poll(() => queuedWrites(page, userId)).toEqual([])
  })

  test('signing out closes the toasts said to me, such as an unsaved update waiting for Keep mine', async ({
    context,
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 412/)
    await updateRefusedAsChangedElsewhere(context, page, request, baseURL!)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByText('See you at the next festival! 👋')).toBeVisible()
    await expect(page.getByText("Your vibe update wasn't saved")).toHaveCount(0)
  })

  test('a session ended on another device closes the toasts said to me as well, and says why', async ({
    context,
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    // The refused update (412), then the refused token, refresh and local sign-out.
    allowConsoleError(/status of 4(12|01|00|03)/)
    const { me } = await updateRefusedAsChangedElsewhere(context, page, request, baseURL!)
    await signOutOthersFromAnotherDevice(request, baseURL!, me.account)
    await expect(page.getByText('You were signed out')).toBeVisible({ timeout: 10_000 })
    await expect(page.getByText("Your vibe update wasn't saved")).toHaveCount(0)
  })

  test('a star set offline shows as waiting and is saved once the network is back', async ({
    context,
    page,
    request,
    baseURL,
    shoot,
  }) => {
    await page.setViewportSize(PHONE)
    const fan = await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    await controlledByWorker(page)
    await openSection(page, 'Lineup')
    const artist = 'Fern & Fable'
    const star = starIn(page, artist)
    await expect(star).toHaveAttribute('aria-pressed', 'false')

    await context.setOffline(true)
    await star.click()
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    await expect(lineupRow(page, artist).getByText('Waiting for network')).toBeVisible()
    await hideToasts(page)
    await shoot(page, 'offline-star-waiting-phone')

    await context.setOffline(false)
    await expect(page.getByText('Waiting for network')).toHaveCount(0)
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    expect(await starredOnServer(request, baseURL!, fan)).toEqual([artist])
  })
})

/**
 * On a phone, my vibe updated offline while my other phone, online, changed it: back online, the
 * update is refused (412) and its toast, which stays until closed, offers Keep mine.
 */
async function updateRefusedAsChangedElsewhere(
  context: BrowserContext,
  page: Page,
  request: APIRequestContext,
  baseURL: string,
) {
  await page.setViewportSize(PHONE)
  const me = await openAppReadyForOffline(page, request, baseURL, 'Before the rain')
  await context.setOffline(true)
  await updateStatusOffline(page, 'Written offline in the tent')
  const auth = { authorization: `Bearer ${me.account.session.access_token}` }
  const elsewhere = await request.patch(`${baseURL}/api/vibes/${me.id}`, {
    headers: auth,
    data: { ...me.vibe, status: 'From my other phone' },
  })
  expect(elsewhere.status()).toBe(200)
  await context.setOffline(false)
  await expect(page.getByText("Your vibe update wasn't saved")).toBeVisible()
  return { me, auth }
}
