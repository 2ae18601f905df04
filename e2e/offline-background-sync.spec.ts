import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  myVibeOnServer,
  OFFLINE_CONSOLE_ERRORS,
  offlineEntries,
  openAppReadyForOffline,
  queuedWrites,
  queueUsernameOffline,
  USERNAME_TAKEN,
  updateStatusOffline,
  workerRegistration,
} from './support/offline'
import { PHONE } from './support/schedule'
import { fanWithVibe, feedEntry, openMainApp, secondBrowser, waitUntilLive } from './support/vibes'

// Issue 21: writes made offline are sent when the network is back. Here: with the app closed,
// where the browser's Background Sync has the service worker send them (ADR 034). The DevTools
// protocol stands in for the browser noticing the network, from a page that is not the app's.

test.describe('offline first: writes sent with the app closed', () => {
  test.beforeEach(({ allowConsoleError }) => allowConsoleError(OFFLINE_CONSOLE_ERRORS))

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
      const { updatedAt } = (await myVibeOnServer(request, baseURL!, fan.account.session)).vibe

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
      expect((await myVibeOnServer(request, baseURL!, fan.account.session)).vibe.updatedAt).toBe(
        updatedAt,
      )
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
})

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
