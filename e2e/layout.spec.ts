import { expect, test } from './support/fixtures'
import { openSection } from './support/schedule'
import { fanWithVibe, feedEntry, isFeedRequest, openMainApp } from './support/vibes'

test.describe('layout', () => {
  for (const [screen, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`on a ${screen} what is scrolled to stops below the sticky header, not under it`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize(viewport)
      await openMainApp(page, request, baseURL!)
      const target = page.getByRole('button', { name: 'Update Vibe' })
      await expect(target).toBeVisible()
      // What a focus move or an in-page link does: scroll the element to the top of the view.
      await target.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      const header = await page.locator('header').first().boundingBox()
      const box = await target.boundingBox()
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
    })
  }

  test("on a phone the Block and Report buttons under another fan's vibe are 44 px targets", async ({
    page,
    request,
    baseURL,
  }) => {
    const them = await fanWithVibe(request, baseURL!, { status: 'Tap targets' })
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainApp(page, request, baseURL!)
    const entry = feedEntry(page, them.vibe.username)
    for (const name of [`Block ${them.vibe.username}`, `Report ${them.vibe.username}`]) {
      const box = await entry.getByRole('button', { name }).boundingBox()
      expect(box!.height, name).toBeGreaterThanOrEqual(44)
      expect(box!.width, name).toBeGreaterThanOrEqual(44)
    }
  })

  test('on a desktop the keyboard can skip the lineup, with a star per set, to the feed', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openMainApp(page, request, baseURL!)
    await expect(page.getByRole('button', { name: 'Update Vibe' })).toBeVisible()
    const skip = page.getByRole('button', { name: 'Skip the lineup' })
    // Reached from the top before any of the lineup's stars, and visible once focused.
    let presses = 0
    for (; presses < 80; presses++) {
      await page.keyboard.press('Tab')
      const label = await page.evaluate(() => {
        const focused = document.activeElement
        return focused?.getAttribute('aria-label') ?? focused?.textContent ?? ''
      })
      if (label === 'Skip the lineup') break
      expect(label, 'a lineup star came before the skip').not.toMatch(/^Star /)
    }
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    // The next Tab is in the column beside the lineup: its section tabs, then the feed.
    await page.keyboard.press('Tab')
    const next = await page.evaluate(() => document.activeElement?.getAttribute('role'))
    expect(next).toBe('tab')
    await expect(page.locator(':focus')).toHaveText(/Vibes|My schedule/)
  })

  test('on a phone a section chosen in the header starts just under it, even after a short feed', async ({
    page,
    request,
    baseURL,
  }) => {
    // A festival's first hour: two vibes in the feed, so the page ends soon after it.
    await page.route(
      (url) => isFeedRequest(url),
      async (route) => {
        const answer = await route.fetch()
        const page1 = await answer.json()
        await route.fulfill({
          response: answer,
          json: { ...page1, vibes: page1.vibes.slice(0, 2) },
        })
      },
    )
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainApp(page, request, baseURL!)
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeVisible()
    for (const [tab, heading] of [
      ['Lineup', 'Sunwave Festival 2026'],
      ['My schedule', 'My schedule'],
      ['Vibes', "Who's Vibin'?"],
    ] as const) {
      await openSection(page, tab)
      const header = (await page.getByRole('banner').boundingBox())!
      const top = (await page.getByRole('heading', { name: heading }).boundingBox())!
      // The heading sits in its card, a little below the panel's top: just under the header.
      expect(top.y - (header.y + header.height), tab).toBeGreaterThanOrEqual(0)
      expect(top.y - (header.y + header.height), tab).toBeLessThan(120)
    }
  })

  test('after a report or a block from the keyboard, the focus stays in the feed, not at the page start', async ({
    page,
    request,
    baseURL,
  }) => {
    const them = await fanWithVibe(request, baseURL!, { status: 'Focus please' })
    const other = await fanWithVibe(request, baseURL!, { status: 'Also here' })
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainApp(page, request, baseURL!)

    // Reported: the dialog goes, and the focus is back on the Report button it came from.
    const report = feedEntry(page, them.vibe.username).getByRole('button', {
      name: `Report ${them.vibe.username}`,
    })
    await report.press('Enter')
    const reportDialog = page.getByRole('dialog', { name: `Report ${them.vibe.username}’s vibe` })
    await reportDialog.getByRole('radio', { name: 'Spam or scams' }).check()
    await reportDialog.getByRole('button', { name: 'Send report' }).press('Enter')
    await expect(reportDialog).toBeHidden()
    await expect(report).toBeFocused()

    // Blocked: their vibe (and its Block button) is gone; the focus goes to the feed's title.
    await feedEntry(page, other.vibe.username)
      .getByRole('button', { name: `Block ${other.vibe.username}` })
      .press('Enter')
    const blockDialog = page.getByRole('dialog', { name: `Block ${other.vibe.username}?` })
    await blockDialog.getByRole('button', { name: `Block ${other.vibe.username}` }).press('Enter')
    await expect(blockDialog).toBeHidden()
    await expect(feedEntry(page, other.vibe.username)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeFocused()
  })
})
