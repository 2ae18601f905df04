import type { Locator, Page } from '@playwright/test'
import { openSignedIn, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import { lineupCard, lineupRow, myScheduleDay, openSection, starViaApi } from './support/schedule'
import { fanWithVibe, hideToasts, screenshotUsername } from './support/vibes'

// The narrowest phones in use (320 CSS px: an iPhone SE of 2016, small Androids) and the common
// small Android width.
const WIDTHS = [320, 360] as const
const HEIGHT = 740
const PICKER_TABS = ['Festival', 'Moods', 'Roles', 'Custom'] as const
// Three starred sets on Friday 10 July that overlap (from 20:00), so each row carries two notes.
const OVERLAPPING = ['Velvet Orbit', 'Kite Theory', 'Atlas Bloom'] as const

/** Nothing is wider than the screen: the page cannot be scrolled sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(innerWidth)
}

/** `element`, once scrolled to (as a tap or a Tab press would), is wholly on screen. */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  await element.scrollIntoViewIfNeeded()
  const box = (await element.boundingBox())!
  const screen = page.viewportSize()!
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(screen.width)
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(screen.height)
}

/** `element`'s left and right edges are within `container`'s (not sticking out of its box). */
async function expectInside(element: Locator, container: Locator, what: string) {
  const inner = (await element.boundingBox())!
  const outer = (await container.boundingBox())!
  expect(inner.x, `${what}: left edge in its box`).toBeGreaterThanOrEqual(outer.x)
  expect(inner.x + inner.width, `${what}: right edge in its box`).toBeLessThanOrEqual(
    outer.x + outer.width,
  )
}

/** Opens the emoji picker in `scope`, then checks each of its tabs with `check`. */
async function onEachPickerTab(page: Page, scope: Page | Locator, check: () => Promise<void>) {
  const picker = scope.getByRole('group', { name: 'Pick your vibe avatar' })
  const change = picker.getByRole('button', { name: 'Change emoji' })
  await change.click()
  await expect(change).toHaveAttribute('aria-expanded', 'true')
  for (const name of PICKER_TABS) {
    await picker.getByRole('tab', { name }).click()
    await expect(picker.getByRole('tabpanel', { name })).toBeVisible()
    await check()
    await expectOnScreen(page, change, 'Change emoji')
    await expectInside(change, picker, 'Change emoji')
    for (const other of PICKER_TABS) {
      const tab = picker.getByRole('tab', { name: other })
      await expectOnScreen(page, tab, `the ${other} tab`)
      await expectInside(tab, picker, `the ${other} tab`)
    }
  }
}

/** An artist's name in their row of sets is on one line, not broken word by word. */
async function expectNameOnOneLine(row: Locator, artist: string) {
  const name = row.getByText(artist, { exact: true })
  const lineHeight = await name.evaluate((element) =>
    parseFloat(getComputedStyle(element).lineHeight),
  )
  const box = (await name.boundingBox())!
  expect(box.height, `${artist} takes one line`).toBeLessThan(lineHeight * 1.5)
}

for (const width of WIDTHS) {
  test.describe(`narrow screens, ${width} px wide`, () => {
    test.beforeEach(({ page }) => page.setViewportSize({ width, height: HEIGHT }))

    test(`onboarding's emoji picker fits the screen on each of its tabs`, async ({
      page,
      request,
      baseURL,
      shoot,
    }) => {
      await openSignedIn(page, await signUpViaApi(request, baseURL!))
      await expect(page.getByRole('heading', { name: 'Set Your Vibe!' })).toBeVisible()
      await onEachPickerTab(page, page, () => expectNoSidewaysScroll(page))

      if (width === 320) {
        await page.getByRole('tab', { name: 'Festival' }).click()
        await page.getByRole('group', { name: 'Pick your vibe avatar' }).scrollIntoViewIfNeeded()
        await hideToasts(page)
        await shoot(page, 'narrow-onboarding-picker-320')
      }
    })

    test(`the Update Your Vibe dialog with the picker open does not scroll sideways`, async ({
      page,
      request,
      baseURL,
    }) => {
      const fan = await fanWithVibe(request, baseURL!)
      await openSignedIn(page, fan.account)
      await page.getByRole('button', { name: 'Update Vibe' }).click()
      const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
      await expect(dialog.getByLabel('Username')).toHaveValue(fan.vibe.username)
      await onEachPickerTab(page, dialog, async () => {
        // The <dialog> itself is the scroller.
        const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }))
        expect(scrollWidth, 'the dialog is no wider than its box').toBeLessThanOrEqual(clientWidth)
        await expectOnScreen(
          page,
          dialog.getByRole('heading', { name: 'Update Your Vibe' }),
          "the dialog's title",
        )
      })
    })

    test(`the lineup by date and My schedule fit the screen, names on one line`, async ({
      page,
      request,
      baseURL,
      shoot,
    }, testInfo) => {
      // Eleven characters, as "BassDropBob": a name a phone's header must show whole.
      const username = screenshotUsername(`BassDrop${width}`, testInfo)
      const fan = await fanWithVibe(request, baseURL!, { username })
      for (const artist of OVERLAPPING) await starViaApi(request, baseURL!, fan.account, artist)
      await openSignedIn(page, fan.account)

      const header = page.getByRole('banner')
      const shownName = header.getByText(username, { exact: true })
      await expect(shownName).toBeVisible()
      const cut = await shownName.evaluate((element) => element.scrollWidth > element.clientWidth)
      expect(cut, 'my username is shown whole').toBe(false)
      await expectOnScreen(page, header.getByRole('button', { name: 'Account' }), 'Account')
      await expectOnScreen(page, header.getByRole('button', { name: 'Sign out' }), 'Sign out')

      await openSection(page, 'Lineup')
      const days = lineupCard(page).getByRole('tablist', { name: 'Festival days' })
      const dayCard = lineupCard(page).getByRole('region', { name: 'By Date' }).getByRole('article')
      // Each day, as its longest names (Saturday's "Frequencies") once widened the card.
      for (const day of await days.getByRole('tab').all()) {
        const name = (await day.textContent())!
        await day.click()
        await expect(dayCard.getByRole('heading')).toContainText(name.slice(0, 3))
        await expectOnScreen(page, day, `the ${name} tab`)
        await expectNoSidewaysScroll(page)
        const card = (await dayCard.boundingBox())!
        expect(card.x + card.width, `${name}: the day card's right edge`).toBeLessThanOrEqual(width)
      }
      await days.getByRole('tab', { name: 'Fri 10' }).click()
      const row = lineupRow(page, 'Kite Theory')
      await expect(row).toContainText('Overlaps Atlas Bloom by')
      for (const artist of OVERLAPPING) {
        await expectNameOnOneLine(lineupRow(page, artist), artist)
      }
      if (width === 320) {
        await row.scrollIntoViewIfNeeded()
        await hideToasts(page)
        await shoot(page, 'narrow-lineup-320')
      }

      await openSection(page, 'My schedule')
      const friday = myScheduleDay(page, 'Friday 10 July')
      await expect(friday).toHaveCount(OVERLAPPING.length)
      await expectNoSidewaysScroll(page)
      for (const artist of OVERLAPPING) {
        const star = page.getByRole('button', { name: `Star ${artist}`, exact: true })
        await expectNameOnOneLine(friday.filter({ has: star }), artist)
      }
    })
  })
}
