import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { LINEUP_REQUEST, MAIN_SCREEN_REQUESTS } from '../client/app/start-requests'
import { pageIsIdle } from './support/build'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/network'
import { feedEntry, openMainApp } from './support/vibes'

const loadingMessages = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Loading VibeConnect...' })

test.describe('while the app loads', () => {
  test('the loading message shows before any script has run, then gives way to the sign-in screen', async ({
    page,
  }) => {
    const releaseScripts = await holdRequests(page, (url) => url.pathname.endsWith('.js'))
    await page.goto('/', { waitUntil: 'commit' })
    // Only index.html and its CSS have arrived: the message is theirs.
    await expect(loadingMessages(page)).toHaveCount(1)
    await expect(loadingMessages(page)).toBeVisible()
    await releaseScripts()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page.getByText('Loading VibeConnect...')).toHaveCount(0)
    await expect(page.locator('#boot-loading')).toHaveCount(0)
  })

  test('one message stays through the session check, the code download and my vibe, then the app shows', async ({
    page,
    request,
    baseURL,
  }) => {
    const releaseMyVibe = await holdRequests(page, (url) => url.pathname === '/api/vibes/mine')
    const fan = await openMainApp(page, request, baseURL!)
    // Signed in, the app's code loaded, my vibe still on its way: still index.html's one element.
    await expect(loadingMessages(page)).toHaveCount(1)
    await expect(page.locator('#boot-loading')).toBeVisible()
    await releaseMyVibe()
    await expect(page.getByRole('banner').getByText(fan.vibe.username)).toBeVisible()
    await expect(page.getByText('Loading VibeConnect...')).toHaveCount(0)
  })

  test("when the app's code cannot be fetched, the message says so and Reload brings the app", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/Failed to load resource/)
    const entry = (url: URL) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname)
    await page.route(entry, (route) => route.abort('internetdisconnected'))
    // The watch itself arriving late (a slow network) must not miss the entry's failure.
    await page.route('**/boot-watch.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await page.goto('/')
    await expect(page.getByRole('alert')).toContainText("Couldn't load VibeConnect 😔")
    await expect(page.getByText('Check your connection, then reload the page.')).toBeVisible()
    await expect(page.getByText('Loading VibeConnect...')).toHaveCount(0)
    await page.unroute(entry)
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByLabel('Password')).toBeVisible()
  })

  test('a start still loading after 20 s offers Reload beside the message', async ({ page }) => {
    await page.clock.install()
    // The app's code stalls; its styles came (without them nothing is painted at all).
    const releaseScripts = await holdRequests(page, (url) =>
      /^\/assets\/.*\.js$/.test(url.pathname),
    )
    await page.goto('/', { waitUntil: 'commit' })
    await expect(loadingMessages(page)).toBeVisible()
    await page.clock.runFor(19_000)
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0)
    await page.clock.runFor(2_000)
    await expect(loadingMessages(page)).toContainText('Still loading: the network is slow here.')
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
    // The code arrives after all: the app replaces the message as usual.
    await releaseScripts()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0)
  })

  test('the sign-in screen fetches exactly the scripts the bundle report counts for it', async ({
    page,
  }) => {
    // dist/bundle-size.json: what `npm run build` reported, and the benchmark holds to 110 KB.
    const { firstScreenFiles } = JSON.parse(readFileSync('dist/bundle-size.json', 'utf8')) as {
      firstScreenFiles: string[]
    }
    const fetched = new Set<string>()
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.endsWith('.js')) fetched.add(pathname.slice(1))
    })
    // The page's timers run on Playwright's clock, so "by itself" can take in half a minute.
    await page.clock.install()
    await page.goto('/')
    await expect(page.getByText(/WiFi pre-access powered by (?!…)/)).toBeVisible()
    await expect.poll(() => [...fetched].sort()).toEqual(firstScreenFiles)
    // Nothing more, though the screen is left alone for half a minute.
    await page.clock.runFor(30_000)
    await pageIsIdle(page)
    expect([...fetched].sort()).toEqual(firstScreenFiles)
  })

  test.describe('a start with a stored session', () => {
    // A page the service worker controls fetches the code from its cache, out of the page's routes.
    test.use({ serviceWorkers: 'block' })

    test("asks for the main screen's data while the signed-in code downloads, each once", async ({
      page,
      request,
      baseURL,
    }) => {
      // No live channel: its catch-up at connect would reload some of them, on purpose.
      await page.routeWebSocket(/\/api\/live$/, () => {})
      const fan = await openMainApp(page, request, baseURL!)
      const releaseCode = await holdRequests(page, (url) =>
        /^\/assets\/SignedInRoute-[\w-]+\.js$/.test(url.pathname),
      )
      // The new document's requests only: the first one may still be fetching in the background.
      const asked: string[] = []
      let reloaded = false
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true
      })
      page.on('request', (sent) => {
        const url = new URL(sent.url())
        if (reloaded && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search)
      })
      await page.reload()
      // The signed-in code is held back, and its first data is asked for all the same: on this
      // wide screen, the lineup beside the feed too.
      const sorted = [...MAIN_SCREEN_REQUESTS, LINEUP_REQUEST].sort()
      await expect.poll(() => [...asked].sort()).toEqual(sorted)
      await releaseCode()
      await expect(page.getByRole('banner').getByText(fan.vibe.username)).toBeVisible()
      await expect(feedEntry(page, fan.vibe.username)).toBeVisible()
      await pageIsIdle(page)
      // The app took those answers: none of them was asked for a second time.
      const startRequests = new Set<string>(sorted)
      expect(asked.filter((path) => startRequests.has(path)).sort()).toEqual(sorted)
    })
  })
})
