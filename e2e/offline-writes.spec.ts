import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { signOutOthersFromAnotherDevice } from './support/accounts'
import { expect, test } from './support/fixtures'
import {
  controlledByWorker,
  OFFLINE_CONSOLE_ERRORS,
  offlineEntries,
  openAppReadyForOffline,
  queuedWrites,
  USERNAME_TAKEN,
  updateStatusOffline,
  workerRegistration,
} from './support/offline'
import { lineupRow, openSection, PHONE, starIn } from './support/schedule'
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

  test('a vibe updated offline waits on the device through a closed app, then goes out once and shows live to others', async ({
    browser,
    context,
    page,
    request,
    baseURL,
    shoot,
  }) => {
    // Two browsers, a closed and reopened app and a live delivery: 16 s on a quiet machine.
    test.slow()
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
      expect((await mine(request, baseURL!, fan.account.session)).vibe.status).toBe(
        'Dancing in the rain, offline',
      )
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })

  test('with the app closed, Background Sync has the service worker send a vibe updated offline, once', async ({
    browser,
    context,
    page,
    request,
    baseURL,
  }) => {
    test.slow()
    await page.setViewportSize(PHONE)
    const fan = await openAppReadyForOffline(page, request, baseURL!, 'Before the storm')
    const { userId } = fan
    // The DevTools protocol stands in for the browser noticing the network: from a page that is
    // not the app's, so that closing the app leaves the worker with no window.
    const blank = await context.newPage()
    const worker = await workerRegistration(blank, new URL(baseURL!).origin)
    const other = await secondBrowser(browser, baseURL!)
    try {
      await openMainApp(other.page, request, baseURL!)
      await waitUntilLive(other.page)

      await context.setOffline(true)
      await updateStatusOffline(page, 'Sheltering in the tent, offline')
      await closeAppThenSync(page, worker, baseURL!, userId)
      // Delivered with no window of the app open: others see it live.
      await expect(feedEntry(other.page, fan.vibe.username)).toContainText(
        'Sheltering in the tent, offline',
      )
      const { updatedAt } = (await mine(request, baseURL!, fan.account.session)).vibe

      // The next start finds nothing waiting, sends nothing, and keeps no token.
      const again = await context.newPage()
      const patches: string[] = []
      again.on('request', (sent) => {
        if (sent.method() === 'PATCH') patches.push(sent.url())
      })
      await again.setViewportSize(PHONE)
      await again.goto('/')
      await expect(feedEntry(again, fan.vibe.username)).toContainText(
        'Sheltering in the tent, offline',
      )
      await waitUntilLive(again)
      await expect(again.getByRole('banner')).not.toContainText('Waiting for network')
      expect(await queuedWrites(again, userId)).toEqual([])
      expect((await offlineEntries(again)).filter((e) => e.startsWith('delivery:'))).toEqual([])
      expect(patches).toEqual([])
      expect((await mine(request, baseURL!, fan.account.session)).vibe.updatedAt).toBe(updatedAt)
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })

  test('a queued vibe the server refused while the app was closed is said at the next start', async ({
    shoot,
    context,
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 409/)
    const taken = (await fanWithVibe(request, baseURL!)).vibe.username
    const me = await openAppReadyForOffline(page, request, baseURL!, 'Mine')
    const blank = await context.newPage()
    const worker = await workerRegistration(blank, new URL(baseURL!).origin)
    await context.setOffline(true)
    await queueUsernameOffline(page, taken)
    await closeAppThenSync(page, worker, baseURL!, me.userId)
    // The worker sent it, and kept the server's answer with it (read from a page of the app's
    // origin where no app runs: an API answer).
    await blank.goto(`${baseURL}/api/festival`)
    await expect
      .poll(async () => JSON.stringify(await queuedWrites(blank, me.userId)), { timeout: 10_000 })
      .toContain('username_taken')

    const again = await context.newPage()
    await again.setViewportSize(PHONE)
    await again.goto('/')
    await expect(again.getByText("Your vibe update wasn't saved")).toBeVisible()
    await expect(again.getByText(USERNAME_TAKEN)).toBeVisible()
    await expect(again.getByRole('banner')).toContainText(me.vibe.username)
    // Once the toast has come in (its entrance animation), as it stays on screen.
    await again
      .locator('[data-toast]')
      .evaluate((toast) => Promise.all(toast.getAnimations().map((it) => it.finished)))
    await shoot(again, 'offline-refused-while-closed-phone')
    await expect(again.getByRole('banner')).not.toContainText('Waiting for network')
    await expect.poll(() => queuedWrites(again, me.userId)).toEqual([])
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
    const schedule = await request.get(`${baseURL}/api/schedule`, {
      headers: { authorization: `Bearer ${fan.account.session.access_token}` },
    })
    const stars = (await schedule.json()).stars as Array<{ seen: { name: string } }>
    expect(stars.map((each) => each.seen.name)).toEqual([artist])
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

/** My vibe as the server has it. */
async function mine(
  request: APIRequestContext,
  baseURL: string,
  session: { access_token: string },
): Promise<{ vibe: { status: string; updatedAt: string } }> {
  const answer = await request.get(`${baseURL}/api/vibes/mine`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  })
  return answer.json()
}

/** Changes my username with no network to `username`: queued on the device. */
async function queueUsernameOffline(page: Page, username: string) {
  await page.getByRole('button', { name: 'Update Vibe' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByRole('button', { name: 'Update Vibe' }).click()
  await expect(page.getByRole('banner')).toContainText('Waiting for network')
}

/**
 * Closes the app once the queue and the token the worker sends it with are on the device, brings
 * the network back and fires Background Sync, as the browser does when it sees the network return.
 */
async function closeAppThenSync(
  page: Page,
  worker: Awaited<ReturnType<typeof workerRegistration>>,
  baseURL: string,
  userId: string,
) {
  await expect
    .poll(async () => (await offlineEntries(page)).some((e) => e.startsWith(`delivery:${userId}`)))
    .toBe(true)
  await page.close()
  await page.context().setOffline(false)
  await worker.cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL).origin,
    registrationId: worker.id,
    tag: 'vibeconnect-outbox',
    lastChance: false,
  })
}
