import type { Page, WebSocketRoute } from '@playwright/test'
import { createVibeViaApi, openSignedIn, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import {
  fanWithVibe,
  feedEntry,
  isFeedRequest,
  openMainApp,
  secondBrowser,
  signedUpCount,
  uniqueUsername,
  waitUntilLive,
} from './support/vibes'

const SECOND = { timeout: 1000 }

/** Counts the feed page requests a page makes from now on. */
function countFeedRequests(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === 'GET' && isFeedRequest(new URL(request.url()))) count += 1
  })
  return () => count
}

test.describe('live updates', () => {
  test('a vibe created, then updated, in one browser shows in another within a second', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const watcher = await secondBrowser(browser, baseURL!)
    try {
      await openMainApp(watcher.page, request, baseURL!)
      await waitUntilLive(watcher.page)
      const feedRequests = countFeedRequests(watcher.page)

      // The newcomer onboards in the first browser while the watcher looks at the feed.
      await openSignedIn(page, await signUpViaApi(request, baseURL!))
      const username = uniqueUsername('Newcomer')
      await page.getByLabel('Username').fill(username)
      await page.getByLabel("What's your vibe today?").fill('Just arrived at the campsite')
      await page.getByRole('button', { name: 'Join the Festival!' }).click()
      await expect(page.getByText('Welcome to the vibe! 🎉')).toBeVisible()
      const seen = feedEntry(watcher.page, username)
      await expect(seen).toContainText('Just arrived at the campsite', SECOND)
      await expect(seen).not.toContainText('(you)')

      await page.getByRole('button', { name: 'Update Vibe' }).click()
      const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
      await dialog
        .getByLabel("What's your vibe right now?")
        .fill('Tent pitched, heading to the stage')
      await dialog.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(page.getByText('Vibe updated! ✨')).toBeVisible()
      await expect(seen).toContainText('Tent pitched, heading to the stage', SECOND)
      await expect(feedEntry(watcher.page, username)).toHaveCount(1)

      // The changes arrived as events applied to the cache, not as feed reloads.
      expect(feedRequests()).toBe(0)
      expect(watcher.errors).toEqual([])
    } finally {
      await watcher.close()
    }
  })

  test('the sign-up count moves when someone signs up', async ({ page, request, baseURL }) => {
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    await expect(page.getByText(/users? signed up$/)).toBeVisible()
    const before = await signedUpCount(page)
    await signUpViaApi(request, baseURL!)
    // Stories running in parallel sign up too, so the count may move by more than one.
    await expect.poll(() => signedUpCount(page), SECOND).toBeGreaterThan(before)
  })

  test('my vibe changed in another tab updates my header too', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Two signed-in browsers and a dialog round trip: alone ~17 s, over 30 s when the suite's other
    // worker and both servers share the two cores.
    test.slow()
    const me = await openMainApp(page, request, baseURL!, { emoji: '🎸' })
    await waitUntilLive(page)
    const otherTab = await secondBrowser(browser, baseURL!)
    try {
      await openSignedIn(otherTab.page, me.account)
      await otherTab.page.getByRole('button', { name: 'Update Vibe' }).click()
      const dialog = otherTab.page.getByRole('dialog', { name: 'Update Your Vibe' })
      await dialog.getByRole('button', { name: 'Change emoji' }).click()
      await dialog.getByRole('tab', { name: 'Roles' }).click()
      await dialog.getByRole('button', { name: 'Robot' }).click()
      await dialog.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(otherTab.page.getByText('Vibe updated! ✨')).toBeVisible()
      await expect(page.getByRole('banner')).toContainText('🤖', SECOND)
      await expect(feedEntry(page, me.vibe.username)).toContainText('🤖')
      expect(otherTab.errors).toEqual([])
    } finally {
      await otherTab.close()
    }
  })

  test('a refreshed token goes over the open channel, which stays up', async ({
    page,
    request,
    baseURL,
  }) => {
    const me = await fanWithVibe(request, baseURL!)
    const tokensSent: string[] = []
    let sockets = 0
    page.on('websocket', (socket) => {
      sockets += 1
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload))
        if (message.type === 'auth') tokensSent.push(message.token)
      })
    })
    // auth-js checks every 30 seconds (and once on load) and refreshes a session expiring within
    // 4 ticks (under 120 s): one said to expire in 135 s refreshes on the tick after loading. Its
    // clock is Playwright's, so that tick comes when the story says; the server's real token is
    // good for an hour of real time.
    await page.clock.install()
    const expiresAt = Math.floor(Date.now() / 1000) + 135
    await openSignedIn(page, {
      ...me.account,
      session: { ...me.account.session, expires_at: expiresAt },
    })
    await waitUntilLive(page)
    expect(tokensSent).toHaveLength(1)
    const refreshed = page.waitForResponse(
      (response) =>
        response.url().includes('grant_type=refresh_token') && response.status() === 200,
    )
    await page.clock.runFor(30_000)
    const { access_token: newToken } = await (await refreshed).json()
    await expect.poll(() => tokensSent.at(-1)).toBe(newToken)
    expect(new Set(tokensSent).size).toBe(tokensSent.length)
    expect(tokensSent.length).toBeGreaterThan(1)
    expect(sockets).toBe(1)

    // The server took the new token and keeps streaming on the same socket: live, since a feed
    // that fell back to polling asks every 30 s (the first story holds delivery to a second; here,
    // with the page on Playwright's clock, a loaded machine once took longer).
    const newcomer = await fanWithVibe(request, baseURL!)
    await expect(feedEntry(page, newcomer.vibe.username)).toBeVisible({ timeout: 5000 })
    expect(sockets).toBe(1)
  })

  test('deletions, pings and counts from the server are applied', async ({
    page,
    request,
    baseURL,
  }) => {
    // A scripted server, for protocol messages the real one does not send on cue.
    const server = await scriptedLiveServer(page)
    const other = await fanWithVibe(request, baseURL!)
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    const entry = feedEntry(page, other.vibe.username)
    await expect(entry).toBeVisible()

    server.send({ type: 'vibe', op: 'delete', id: other.id })
    await expect(entry).toHaveCount(0)
    server.send({ type: 'user-count', count: 12345 })
    await expect(page.getByText('12,345 users signed up')).toBeVisible()
    server.send({ type: 'ping' })
    await expect.poll(() => server.received.filter((m) => m.type === 'pong').length).toBe(1)
  })

  test('changes the server sends together in one batch are all applied, in order', async ({
    page,
    request,
    baseURL,
  }) => {
    // A busy server puts changes that queued up during one fan-out pass into a single frame.
    const server = await scriptedLiveServer(page)
    const gone = await fanWithVibe(request, baseURL!)
    const changer = { username: uniqueUsername('Changer'), emoji: '🎸', status: 'Before' }
    const { vibe: changed } = await createVibeViaApi(
      request,
      baseURL!,
      await signUpViaApi(request, baseURL!),
      changer,
    )
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    await expect(feedEntry(page, gone.vibe.username)).toBeVisible()

    server.send({
      type: 'batch',
      messages: [
        { type: 'user-count', count: 1000 },
        { type: 'vibe', op: 'delete', id: gone.id },
        { type: 'vibe', op: 'update', id: changed.id, vibe: { ...changed, status: 'Batched!' } },
        { type: 'user-count', count: 1001 },
      ],
    })
    await expect(feedEntry(page, gone.vibe.username)).toHaveCount(0)
    await expect(feedEntry(page, changer.username)).toContainText('Batched!')
    await expect(page.getByText('1,001 users signed up')).toBeVisible()
  })

  test('after a reconnect the client signs in again and resyncs the feed', async ({
    page,
    request,
    baseURL,
  }) => {
    const server = await scriptedLiveServer(page)
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    const feedRequests = countFeedRequests(page)

    server.send({ type: 'reconnect' })
    await expect.poll(() => server.connections(), { timeout: 5000 }).toBe(2)
    await waitUntilLive(page)
    await expect.poll(feedRequests).toBe(1)
    const auths = server.received.filter((message) => message.type === 'auth')
    expect(auths).toHaveLength(2)
    expect(auths[1]?.token).toEqual(expect.any(String))
  })
})

/** Stands in for the live server: answers `auth` with `ready` and records what the client sends. */
async function scriptedLiveServer(page: Page) {
  const received: { type: string; token?: string }[] = []
  let current: WebSocketRoute | undefined
  let connections = 0
  await page.routeWebSocket(/\/api\/live$/, (socket) => {
    current = socket
    connections += 1
    socket.onMessage((data) => {
      const message = JSON.parse(String(data))
      received.push(message)
      if (message.type === 'auth') socket.send(JSON.stringify({ type: 'ready' }))
    })
  })
  return {
    received,
    connections: () => connections,
    send: (message: object) => current?.send(JSON.stringify(message)),
  }
}
