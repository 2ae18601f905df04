import { expect, test } from './support/fixtures'
import { fanWithVibe, feedEntry, hideToasts, openMainApp, waitUntilLive } from './support/vibes'

const SECOND = { timeout: 1000 }

test.describe('the live channel is full (festival WiFi, everyone behind one address)', () => {
  test('refused with 4429, the feed updates every 30 s and says so, then goes live once there is room', async ({
    page,
    request,
    baseURL,
    shoot,
  }) => {
    // Stands in for a server whose live connections from this address are all taken, until the
    // story lets sockets through to the real one.
    let room = false
    let refusals = 0
    await page.routeWebSocket(/\/api\/live$/, (socket) => {
      if (room) {
        socket.connectToServer()
        return
      }
      refusals += 1
      socket.send(
        JSON.stringify({
          type: 'error',
          code: 'too_many_connections',
          message: 'Too many live connections from this address',
        }),
      )
      socket.close({ code: 4429, reason: 'too_many_connections' })
    })
    await page.clock.install()
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainApp(page, request, baseURL!)

    const feed = page.getByRole('region', { name: "Who's Vibin'?" })
    const badge = feed.getByText('Updates every 30 s', { exact: true })
    await expect(badge).toBeVisible()
    expect(refusals).toBe(1)
    // A screen reader reads the words, not "30 s".
    await expect(feed).toMatchAriaSnapshot(`
      - region "Who's Vibin'?":
        - heading "Who's Vibin'?" [level=2]
        - paragraph: /\\d+ users? signed up/
        - text: Updates every 30 seconds
    `)
    await expect(feed.getByText('Connecting...')).toHaveCount(0)

    // Someone joins: not pushed, but there with the next poll.
    const newcomer = await fanWithVibe(request, baseURL!)
    await badge.scrollIntoViewIfNeeded()
    await hideToasts(page)
    await shoot(page, 'live-fallback-phone')
    await expect(feedEntry(page, newcomer.vibe.username)).toHaveCount(0)
    await page.clock.runFor(30_000)
    await expect(feedEntry(page, newcomer.vibe.username)).toBeVisible()
    // The channel kept asking meanwhile, less often than a dropped link would.
    expect(refusals).toBeGreaterThan(1)
    expect(refusals).toBeLessThanOrEqual(3)
    await expect(badge).toBeVisible()

    // Room again: the next try gets in, the badge says Live, and changes arrive as they happen.
    room = true
    await page.clock.runFor(60_000)
    await waitUntilLive(page)
    await expect(badge).toHaveCount(0)
    const latecomer = await fanWithVibe(request, baseURL!)
    await expect(feedEntry(page, latecomer.vibe.username)).toBeVisible(SECOND)
  })
})
