import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.mjs'
import { expect, test } from './support/fixtures'
import { ownServer } from './support/own-server'
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

/** Waits until the service worker is active and controls the page (the first visit's reload). */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

/** Every entry of the app's IndexedDB database of offline data, as text. */
const offlineEntries = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((each) => each.name)
    if (!names.includes('vibeconnect-offline')) return [] as string[]
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('vibeconnect-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const read = (what: 'getAllKeys' | 'getAll') =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('entries').objectStore('entries')[what]()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const [keys, values] = [await read('getAllKeys'), await read('getAll')]
    db.close()
    return keys.map((key, index) => `${String(key)} ${JSON.stringify(values[index])}`)
  })

/** Waits until the user's data is written to the device (a second after it changes). */
const dataKeptOnDevice = (page: Page, userId: string, text: string) =>
  expect
    .poll(
      async () =>
        (await offlineEntries(page))
          .filter((entry) => entry.startsWith(`queries:${userId}`))
          .join('\n'),
      {
        timeout: 10_000,
      },
    )
    .toContain(text)

const queuedWrites = async (page: Page, userId: string) => {
  const entry = (await offlineEntries(page)).find((each) => each.startsWith(`outbox:${userId}`))
  return entry ? (JSON.parse(entry.slice(entry.indexOf(' ') + 1)) as unknown[]) : []
}

// The server's own words for 409 username_taken (server/vibes/vibes.service.ts).
const USERNAME_TAKEN = /^Someone already goes by this username/

const userIdOf = (session: { user: { id: string } }) => session.user.id

test.describe('offline first and installable', () => {
  test.beforeEach(({ allowConsoleError }) => {
    // Chromium logs the requests and the live channel that fail while offline.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket|net::ERR_/)
  })

  test('Chromium finds the app installable: manifest, icons and a worker that controls the page', async ({
    baseURL,
  }) => {
    // A profile of its own: Chromium never offers to install from an incognito-like context,
    // which is what Playwright's usual contexts are.
    const profile = mkdtempSync(join(tmpdir(), 'vibeconnect-install-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_FLAGS],
      baseURL: baseURL!,
      viewport: PHONE,
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto('/')
      await expect(page.getByLabel('Password')).toBeVisible()
      await controlledByWorker(page)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>
      }
      expect(installabilityErrors).toEqual([])
      const { errors, url } = (await cdp.send('Page.getAppManifest')) as {
        errors: unknown[]
        url: string
      }
      expect(errors).toEqual([])
      expect(new URL(url).pathname).toBe('/manifest.webmanifest')

      const manifest = await (await page.request.get('/manifest.webmanifest')).json()
      expect(manifest).toMatchObject({
        name: 'VibeConnect',
        short_name: 'VibeConnect',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#12061f',
        background_color: '#12061f',
      })
      const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>
      for (const [sizes, purpose] of [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['192x192', 'maskable'],
        ['512x512', 'maskable'],
      ]) {
        const icon = icons.find((each) => each.sizes === sizes && each.purpose === purpose)
        expect(icon, `${sizes} ${purpose}`).toBeDefined()
        const answer = await page.request.get(icon!.src)
        expect(answer.headers()['content-type']).toBe('image/png')
      }
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test('a cold start with no network opens the app on the data from last time, and says how old it is', async ({
    context,
    page,
    request,
    baseURL,
    shoot,
  }) => {
    await page.setViewportSize(PHONE)
    const fan = await openMainApp(page, request, baseURL!, { status: 'Front row, no signal' })
    await expect(feedEntry(page, fan.vibe.username)).toBeVisible()
    await waitUntilLive(page)
    await controlledByWorker(page)
    await expect(page.getByText(/users? signed up$/)).toBeVisible()
    await dataKeptOnDevice(page, userIdOf(fan.account.session), 'Front row, no signal')
    // The lineup was never opened on this phone: it is fetched in the background all the same.
    await dataKeptOnDevice(page, userIdOf(fan.account.session), 'Fern & Fable')
    await page.close()

    // Twelve and a half minutes later, in a field with no network: the app is started again.
    await context.setOffline(true)
    await context.clock.setFixedTime(Date.now() + 12.5 * 60_000)
    const again = await context.newPage()
    await again.setViewportSize(PHONE)
    await again.goto('/')
    await expect(again.getByRole('banner')).toContainText(fan.vibe.username)
    await expect(again.getByText('Offline · updated 12 min ago')).toBeVisible()
    await expect(feedEntry(again, fan.vibe.username)).toContainText('Front row, no signal')
    await expect(again.getByText(/users? signed up$/)).toBeVisible()
    await expect(again.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0)
    await shoot(again, 'offline-cold-start-phone')

    // The lineup is there too.
    await openSection(again, 'Lineup')
    await expect(starIn(again, 'Fern & Fable')).toBeVisible()
    await expect(again.getByText('could not be loaded')).toHaveCount(0)
    await expect(again.getByText("Couldn't load")).toHaveCount(0)
    await context.setOffline(false)
    await expect(again.getByText('Offline · updated 12 min ago')).toBeHidden()
  })

  test('a session whose access token expired opens signed in offline, and is refreshed once back', async ({
    context,
    page,
    request,
    baseURL,
  }) => {
    const fan = await openMainApp(page, request, baseURL!, { status: 'Still here, token or not' })
    await waitUntilLive(page)
    await controlledByWorker(page)
    await dataKeptOnDevice(page, userIdOf(fan.account.session), 'Still here, token or not')
    // As after a night away: the stored access token has expired, so auth-js must refresh it
    // first, and with no network it cannot.
    // Written as the next page starts, not in this one: a request here would see the token
    // expired and renew it while still online.
    const expired = Math.floor(Date.now() / 1000) - 60
    await page.close()

    await context.setOffline(true)
    const again = await context.newPage()
    await again.addInitScript((at) => {
      const session = JSON.parse(window.localStorage.getItem('vibeconnect.auth')!)
      window.localStorage.setItem(
        'vibeconnect.auth',
        JSON.stringify({ ...session, expires_at: at }),
      )
    }, expired)
    await again.goto('/')
    await expect(again.getByRole('banner')).toContainText(fan.vibe.username)
    await expect(feedEntry(again, fan.vibe.username)).toContainText('Still here, token or not')
    await expect(again.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0)
    const storedExpiry = () =>
      again.evaluate(
        () => JSON.parse(window.localStorage.getItem('vibeconnect.auth') ?? '{}').expires_at,
      )
    expect(await storedExpiry()).toBe(expired)

    // Back online, past the minute auth-js waits before trying a failed refresh again.
    await context.clock.setFixedTime(Date.now() + 61_000)
    await context.setOffline(false)
    await expect.poll(storedExpiry, { timeout: 10_000 }).toBeGreaterThan(Date.now() / 1000)
    await waitUntilLive(again)
    await expect(again.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0)
  })

  test('a session kept offline that ended elsewhere meanwhile is signed out once back', async ({
    context,
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    // The browser logs the refused refresh.
    allowConsoleError(/status of 40[013]/)
    const fan = await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    await controlledByWorker(page)
    await dataKeptOnDevice(page, userIdOf(fan.account.session), fan.vibe.username)
    await page.evaluate(() => {
      const session = JSON.parse(window.localStorage.getItem('vibeconnect.auth')!)
      const expired = Math.floor(Date.now() / 1000) - 60
      window.localStorage.setItem(
        'vibeconnect.auth',
        JSON.stringify({ ...session, expires_at: expired }),
      )
    })
    await page.close()
    await context.setOffline(true)
    const again = await context.newPage()
    await again.goto('/')
    await expect(again.getByRole('banner')).toContainText(fan.vibe.username)

    // Meanwhile, on another device, "sign out everywhere else".
    const other = await request.post(`${baseURL}/auth/v1/token?grant_type=password`, {
      data: { email: fan.account.email, password: fan.account.password },
    })
    const { access_token: otherDevice } = await other.json()
    const logout = await request.post(`${baseURL}/auth/v1/logout?scope=others`, {
      headers: { authorization: `Bearer ${otherDevice}` },
    })
    expect(logout.status()).toBe(204)

    await context.clock.setFixedTime(Date.now() + 61_000)
    await context.setOffline(false)
    await expect(again.getByRole('button', { name: 'Connect', exact: true })).toBeVisible({
      timeout: 10_000,
    })
    await expect(again.getByText('You were signed out')).toBeVisible()
    expect(await again.evaluate(() => window.localStorage.getItem('vibeconnect.auth'))).toBeNull()
    // And nothing of theirs is left on screen or kept for offline use.
    await expect(again.getByText(fan.vibe.username)).toHaveCount(0)
    await expect
      .poll(async () =>
        (await offlineEntries(again)).filter((entry) => entry.startsWith('queries:')),
      )
      .toEqual([])
  })

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
    const fan = await openMainApp(page, request, baseURL!, { status: 'Before the rain' })
    const userId = userIdOf(fan.account.session)
    await waitUntilLive(page)
    await controlledByWorker(page)
    await dataKeptOnDevice(page, userId, 'Before the rain')

    // Someone else watches the feed, live.
    const other = await secondBrowser(browser, baseURL!)
    try {
      await openMainApp(other.page, request, baseURL!)
      await waitUntilLive(other.page)
      await expect(feedEntry(other.page, fan.vibe.username)).toContainText('Before the rain')

      await context.setOffline(true)
      await page.getByRole('button', { name: 'Update Vibe' }).click()
      const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
      await dialog.getByLabel("What's your vibe right now?").fill('Dancing in the rain, offline')
      await dialog.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(page.getByText('Vibe saved on this device 📶')).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('banner')).toContainText('Waiting for network')
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
      const mine = await request.get(`${baseURL}/api/vibes/mine`, {
        headers: { authorization: `Bearer ${fan.account.session.access_token}` },
      })
      expect((await mine.json()).vibe.status).toBe('Dancing in the rain, offline')
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
    const me = await openMainApp(page, request, baseURL!, { status: 'Mine' })
    await waitUntilLive(page)
    await controlledByWorker(page)
    await dataKeptOnDevice(page, userIdOf(me.account.session), 'Mine')
    await expect(page.getByRole('banner')).toContainText(me.vibe.username)
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
    await dialog.getByLabel('Username').fill(taken)
    await dialog.getByRole('button', { name: 'Update Vibe' }).click()
    await expect(page.getByRole('banner')).toContainText('Waiting for network')
    await expect(page.getByRole('banner')).toContainText(taken)

    await context.setOffline(false)
    await expect(page.getByText("Your vibe update wasn't saved")).toBeVisible()
    await expect(page.getByText(USERNAME_TAKEN)).toBeVisible()
    // The screen goes back to what the server has.
    await expect(page.getByRole('banner')).toContainText(me.vibe.username)
    await expect(page.getByRole('banner')).not.toContainText('Waiting for network')
    expect(await queuedWrites(page, userIdOf(me.account.session))).toEqual([])
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

  test('signing out leaves none of my data on the device: not in IndexedDB, not in the caches', async ({
    context,
    page,
    request,
    baseURL,
  }) => {
    const fan = await openMainApp(page, request, baseURL!, { status: 'Secret plans for Sunday' })
    const userId = userIdOf(fan.account.session)
    await waitUntilLive(page)
    await controlledByWorker(page)
    await dataKeptOnDevice(page, userId, 'Secret plans for Sunday')
    // And a write waiting to go out.
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Update Vibe' }).click()
    const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
    await dialog.getByLabel("What's your vibe right now?").fill('Queued and then signed out')
    await dialog.getByRole('button', { name: 'Update Vibe' }).click()
    await expect(page.getByRole('banner')).toContainText('Waiting for network')
    expect(await queuedWrites(page, userId)).toHaveLength(1)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    await context.setOffline(false)

    await expect.poll(() => offlineEntries(page)).toEqual([])
    const cached = await page.evaluate(async () => {
      const found: string[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const entry of await cache.keys()) {
          const body = await (await cache.match(entry))!.text()
          found.push(`${new URL(entry.url).pathname} ${body}`)
        }
      }
      return found
    })
    // The worker's caches hold the app's own files only…
    expect(cached.length).toBeGreaterThan(0)
    for (const entry of cached) {
      expect(entry).not.toMatch(/^\/(api|auth)\//)
      // …and nothing of mine.
      expect(entry).not.toContain(fan.vibe.username)
      expect(entry).not.toContain('Secret plans for Sunday')
      expect(entry).not.toContain(userId)
    }
    const stored = await page.evaluate(() => ({ ...window.localStorage }))
    expect(JSON.stringify(stored)).not.toContain(userId)
  })
})

test.describe('a new version', () => {
  let dist: string
  test.beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'vibeconnect-dist-'))
    cpSync('dist/client', dist, { recursive: true })
  })
  test.afterAll(() => rmSync(dist, { recursive: true, force: true }))

  /** Deploys a new build: the worker's file changes (and its compressed copies with it). */
  function deployNewBuild(label: string) {
    const worker = join(dist, 'sw.js')
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// ${label}\n`)
    rmSync(`${worker}.br`, { force: true })
    rmSync(`${worker}.gz`, { force: true })
  }

  const waitingWorker = (page: Page) =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)

  test('is offered as "A new version is ready — Reload", and Reload switches to it', async ({
    browser,
    shoot,
  }) => {
    // A server of its own, two deploys and three starts of the app.
    test.slow()
    const server = await ownServer('offline-update', { CLIENT_DIST_DIR: dist })
    await server.start()
    let context: BrowserContext | undefined
    try {
      context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE })
      const page = await context.newPage()
      await page.goto('/')
      await expect(page.getByLabel('Password')).toBeVisible()
      await controlledByWorker(page)
      const prompt = page.getByText('A new version is ready —')
      await expect(prompt).toHaveCount(0)

      deployNewBuild('build 2')
      await page.reload()
      await expect(prompt).toBeVisible({ timeout: 15_000 })
      const reload = page.getByRole('button', { name: 'Reload' })
      await expect(reload).toBeVisible()
      // The toast fades in: shoot it once it is opaque, not half transparent over the page.
      await expect(page.locator('[data-sonner-toast]')).toHaveCSS('opacity', '1')
      await shoot(page, 'update-prompt-phone')
      expect(await waitingWorker(page)).toBe(true)

      await page.evaluate(() => {
        ;(window as unknown as { beforeReload: boolean }).beforeReload = true
      })
      await reload.click()
      await expect
        .poll(() => page.evaluate(() => 'beforeReload' in window).catch(() => true))
        .toBe(false)
      await expect(page.getByLabel('Password')).toBeVisible()
      expect(await waitingWorker(page)).toBe(false)
      await expect(prompt).toHaveCount(0)

      // Left alone, the next version takes over at the next start: every window closed, one opened.
      deployNewBuild('build 3')
      await page.reload()
      await expect(prompt).toBeVisible({ timeout: 15_000 })
      await page.close()
      const next = await context.newPage()
      await next.goto('/')
      await expect(next.getByLabel('Password')).toBeVisible()
      await expect.poll(() => waitingWorker(next)).toBe(false)
      await expect(next.getByText('A new version is ready —')).toHaveCount(0)
    } finally {
      await context?.close()
      await server.kill()
    }
  })
})
