import { expect, test } from './support/fixtures'
import {
  fanWithVibe,
  feedEntry,
  fulfillWithError,
  hideToasts,
  isFeedRequest,
  openMainApp,
  screenshotUsername,
  uniqueUsername,
  waitUntilLive,
} from './support/vibes'

test.describe('the vibes feed', () => {
  test('my own entry is marked (you) and highlighted; others are not', async ({
    page,
    request,
    baseURL,
  }) => {
    const other = await fanWithVibe(request, baseURL!, { emoji: '🥁', status: 'Drumming along' })
    const me = await openMainApp(page, request, baseURL!, { emoji: '🌈', status: 'Glitter on' })

    const mine = feedEntry(page, me.vibe.username)
    const theirs = feedEntry(page, other.vibe.username)
    await expect(mine).toContainText('(you)')
    await expect(mine).toContainText('🌈')
    await expect(mine).toContainText('Glitter on')
    await expect(mine).toContainText('Just now')
    await expect(theirs).toContainText('Drumming along')
    await expect(theirs).not.toContainText('(you)')

    // Highlighted by shape as well as colour: a thick edge and a tinted background.
    const look = (entry: typeof mine) =>
      entry.evaluate((element) => {
        const style = getComputedStyle(element)
        return { edge: style.borderLeftWidth, background: style.backgroundColor }
      })
    const [mineLook, theirLook] = [await look(mine), await look(theirs)]
    expect(mineLook.edge).toBe('4px')
    expect(theirLook.edge).toBe('1px')
    expect(mineLook.background).not.toBe(theirLook.background)

    // The exact time is a tooltip, written once a pointer rests on the relative one.
    const time = mine.locator('time')
    await expect(time).not.toHaveAttribute('title')
    await time.hover()
    const exact = await time.evaluate((element: HTMLTimeElement) =>
      new Date(element.dateTime).toLocaleString(),
    )
    await expect(time).toHaveAttribute('title', exact)
  })

  test('what people type is shown as text, never as markup', async ({ page, request, baseURL }) => {
    const trap = '<img src=x onerror=alert(1)><b>bold</b>'
    const other = await fanWithVibe(request, baseURL!, {
      username: uniqueUsername('<i>x</i>'),
      status: trap,
    })
    await openMainApp(page, request, baseURL!)
    const entry = feedEntry(page, other.vibe.username)
    await expect(entry).toContainText(trap)
    await expect(entry.locator('img, b, i')).toHaveCount(0)
  })

  test('the header, the WiFi credit and the sign-up count are shown', async ({
    page,
    request,
    baseURL,
  }) => {
    const me = await openMainApp(page, request, baseURL!, { emoji: '🎧' })
    const header = page.getByRole('banner')
    await expect(header).toContainText('🎧')
    await expect(header).toContainText(me.vibe.username)
    await expect(header).toContainText('Festival Vibes')
    await expect(page.getByText(/^WiFi powered by \S/)).toBeVisible()
    await expect(page.getByText(/^\d[\d,]* users signed up$/)).toBeVisible()

    await header.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByText('See you at the next festival! 👋')).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
  })

  test('an empty feed invites the first vibe', async ({ page, request, baseURL }) => {
    // The feed is shared with stories running in parallel: answer it empty, and keep the live
    // channel to ourselves so nobody else's vibe drops in.
    await page.route(isFeedRequest, (route) =>
      route.fulfill({ json: { vibes: [], nextCursor: null } }),
    )
    await page.routeWebSocket(/\/api\/live$/, () => {})
    await openMainApp(page, request, baseURL!)
    await expect(page.getByText('No vibes yet!')).toBeVisible()
    await expect(page.getByText('Be the first to share your festival energy')).toBeVisible()
    await page.getByRole('button', { name: 'Share Your Vibe' }).click()
    await expect(page.getByRole('dialog', { name: 'Update Your Vibe' })).toBeVisible()
  })

  test('a feed that cannot load says so', async ({ page, request, baseURL, allowConsoleError }) => {
    allowConsoleError(/status of 500/)
    await page.route(isFeedRequest, (route) =>
      fulfillWithError(route, 500, 'internal_error', 'Something went wrong'),
    )
    await openMainApp(page, request, baseURL!)
    // The query retries twice with backoff before giving up.
    await expect(page.getByText("Couldn't load the vibes 😔")).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText('Try refreshing the page')).toBeVisible()
  })

  test('the refresh button reloads the feed', async ({ page, request, baseURL }) => {
    await page.routeWebSocket(/\/api\/live$/, () => {})
    const me = await openMainApp(page, request, baseURL!)
    await expect(feedEntry(page, me.vibe.username)).toBeVisible()
    const newcomer = await fanWithVibe(request, baseURL!)
    await expect(feedEntry(page, newcomer.vibe.username)).toHaveCount(0)
    await page.getByRole('button', { name: 'Refresh vibes' }).click()
    await expect(feedEntry(page, newcomer.vibe.username)).toBeVisible()
  })

  test('scrolling down loads older vibes, a page at a time', async ({ page, request, baseURL }) => {
    for (let index = 0; index < 4; index += 1) await fanWithVibe(request, baseURL!)
    // Pages of 2 make a short feed long.
    const cursors: string[] = []
    await page.route(isFeedRequest, (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('limit', '2')
      if (url.searchParams.get('cursor')) cursors.push(url.searchParams.get('cursor')!)
      return route.continue({ url: url.toString() })
    })
    await openMainApp(page, request, baseURL!)
    await waitUntilLive(page)
    const entries = page.getByRole('list', { name: "Who's Vibin'?" }).getByRole('listitem')
    await expect(entries.first()).toBeVisible()
    const before = await entries.count()
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
    await expect.poll(() => entries.count()).toBeGreaterThan(before)
    expect(new Set(cursors).size).toBe(cursors.length)
  })

  test('the Load more button works without scrolling support', async ({
    page,
    request,
    baseURL,
  }) => {
    for (let index = 0; index < 3; index += 1) await fanWithVibe(request, baseURL!)
    await page.addInitScript(() => {
      // @ts-expect-error: simulating a browser without IntersectionObserver
      delete window.IntersectionObserver
    })
    await page.route(isFeedRequest, (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('limit', '2')
      return route.continue({ url: url.toString() })
    })
    await page.routeWebSocket(/\/api\/live$/, () => {})
    await openMainApp(page, request, baseURL!)
    const entries = page.getByRole('list', { name: "Who's Vibin'?" }).getByRole('listitem')
    await expect(entries).toHaveCount(2)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(entries).toHaveCount(4)
  })

  test('ages stay current while the page is open', async ({ page, request, baseURL }) => {
    await page.clock.install()
    const me = await openMainApp(page, request, baseURL!)
    const mine = feedEntry(page, me.vibe.username)
    // The first load only, given longer: in one CI run, beside the two-browser live story on the
    // same two cores, the feed took over 5 s to show (the story alone takes 3–4 s in all).
    await expect(mine).toContainText('Just now', { timeout: 15_000 })
    await page.clock.fastForward('01:05')
    await expect(mine).toContainText('1m ago')
  })

  // Different people per width: the two stories run in parallel on the same feed.
  for (const [name, size, other, mine] of [
    [
      'feed-phone',
      { width: 390, height: 844 },
      { username: 'DiscoDiva', emoji: '🪩', status: 'Mirror ball moment at the disco tent' },
      { username: 'BassDropBella', emoji: '😎', status: 'Front row for the headliner 🎶' },
    ],
    [
      'feed-desktop',
      { width: 1280, height: 800 },
      { username: 'GlitterGoblin', emoji: '✨', status: 'Face paint done, ready for sunset' },
      { username: 'NeonNomad', emoji: '🕺', status: 'Dancing my way to the main stage' },
    ],
  ] as const) {
    test(`screenshot: ${name}`, async ({ page, request, baseURL, shoot }, testInfo) => {
      await page.setViewportSize(size)
      const retried = (vibe: typeof other | typeof mine) => ({
        ...vibe,
        username: screenshotUsername(vibe.username, testInfo),
      })
      await fanWithVibe(request, baseURL!, retried(other))
      const me = await openMainApp(page, request, baseURL!, retried(mine))
      await waitUntilLive(page)
      await expect(page.getByText(/users signed up/)).toBeVisible()
      await expect(feedEntry(page, me.vibe.username).first()).toBeVisible()
      await page
        .getByRole('region', { name: "Who's Vibin'?" })
        .evaluate((section) => section.scrollIntoView({ block: 'start' }))
      await hideToasts(page)
      // Let the blurred layers repaint after the jump, or the shot can catch a stale one.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      await shoot(page, name)
    })
  }
})
