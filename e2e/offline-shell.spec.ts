import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.mjs'
import { expect, test } from './support/fixtures'
import {
  controlledByWorker,
  dataKeptOnDevice,
  OFFLINE_CONSOLE_ERRORS,
  userIdOf,
} from './support/offline'
import { ownServer } from './support/own-server'
import { openSection, PHONE, starIn } from './support/schedule'
import { feedEntry, openMainApp, waitUntilLive } from './support/vibes'

// Issue 21: the app installs like an app, opens with no network on what it last showed, keeps
// what I change offline until it can send it, and never leaves me on an old version.
// Here: installing, a cold start offline, and a new version.

test.describe('offline first and installable: the shell', () => {
  test.beforeEach(({ allowConsoleError }) => allowConsoleError(OFFLINE_CONSOLE_ERRORS))

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
    // My level too, not a loading message for as long as the network is away.
    await expect(again.getByRole('progressbar', { name: /^Progress to level/ })).toBeVisible()
    await expect(again.getByText('Loading your level...')).toHaveCount(0)
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
      await expect(page.locator('[data-toast]')).toHaveCSS('opacity', '1')
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
