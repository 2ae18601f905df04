import type { Page } from '@playwright/test'
import { openSignedIn } from './support/accounts'
import { festivalLineup, importLineup, type LineupRow } from './support/festival-lineup'
import { expect, test } from './support/fixtures'
import { ownServer } from './support/own-server'
import { DESKTOP, lineupCard, openSection, PHONE, starIn } from './support/schedule'
import { fanWithVibe, hideToasts } from './support/vibes'

// A festival-sized lineup (300 sets, 13–16 August 2026, ten stages) on a server of these stories'
// own, whose lineup they change as an organiser does: `lineup:import`, another process. The
// server looks for such changes every 200 ms and tells open apps on the live channel.
const FESTIVAL = festivalLineup()
// Friday 14 August, 22:10 in Amsterdam. On Main Stage: Glass Waves 21:45–22:45, then Neon Orbit
// 23:00–00:15 and Solar Engine 00:30–01:30 (the lineup is generated from a fixed seed).
const FRIDAY_EVENING = new Date('2026-08-14T20:10:00Z')

let server: Awaited<ReturnType<typeof ownServer>>
let importCount = 0
const organiserImports = (rows: LineupRow[]) =>
  importLineup(server.databaseUrl, rows, `.tmp/e2e-festival/lineup-${++importCount}.json`)

test.describe('a festival-sized lineup', () => {
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async () => {
    server = await ownServer('festival', { LINEUP_WATCH_INTERVAL_MS: '200' })
    organiserImports(FESTIVAL)
    await server.start()
  })
  test.afterAll(() => server.kill())

  async function openAtFridayEvening(page: Page) {
    await page.clock.install({ time: FRIDAY_EVENING })
    const fan = await fanWithVibe(page.request, server.baseURL)
    await openSignedIn(page, fan.account, `${server.baseURL}/`)
    return fan
  }

  const stageNow = (page: Page, stage: string) =>
    lineupCard(page)
      .getByRole('region', { name: 'Now and next' })
      .getByRole('listitem')
      .filter({ hasText: stage })

  test('screenshots: the lineup on a phone, the timetable on a desktop', async ({
    page,
    shoot,
  }) => {
    await page.setViewportSize(PHONE)
    await openAtFridayEvening(page)
    await openSection(page, 'Lineup')
    const card = lineupCard(page)
    // During the festival it opens on today's festival day, by the festival's clock.
    await expect(card.getByRole('tab', { name: 'Fri 14' })).toHaveAttribute('aria-selected', 'true')
    await expect(card.getByRole('region', { name: 'By Date' }).getByRole('article')).toHaveCount(1)
    // Two picks that overlap by a quarter of an hour.
    for (const artist of ['Velvet Parade', 'Echo Drift']) {
      await starIn(page, artist).click()
      await expect(starIn(page, artist)).toHaveAttribute('aria-pressed', 'true')
    }
    await hideToasts(page)
    await card.getByRole('heading', { name: 'Now and next' }).evaluate((heading) => {
      heading.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -140)
    })
    await shoot(page, 'lineup-festival-phone')
    // The now-and-next strip fades at its right edge while there is more to see, not at its end.
    // It takes Tab (a scroller does), so it is named, by its heading.
    const strip = card.getByRole('region', { name: 'Now and next' }).getByRole('list', {
      name: 'Now and next',
    })
    const fade = () => strip.evaluate((list) => getComputedStyle(list, '::after').content)
    expect(await fade()).toBe('""')
    await strip.evaluate((list) => list.scrollBy({ left: list.scrollWidth }))
    await expect.poll(fade).toBe('none')

    await page.setViewportSize({ width: DESKTOP.width, height: 1200 })
    const timetable = card.getByRole('region', { name: 'Timetable' })
    await expect(timetable.getByRole('heading', { level: 4 })).toHaveCount(10)
    const echoDrift = timetable
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Star Echo Drift' }) })
    await expect(echoDrift).toContainText('Overlaps Velvet Parade by 15 min')
    await card.evaluate((section) => {
      section.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -90)
    })
    await shoot(page, 'lineup-timetable-desktop')
    // Ten stages do not fit: the timetable's right edge fades, until scrolled to its last stage.
    const scroller = timetable.locator('.scroll-hint-right')
    const edge = timetable.locator('.scroll-fade-right')
    await expect(edge).toBeVisible()
    await scroller.evaluate((element) => element.scrollBy({ left: element.scrollWidth }))
    await expect(edge).toBeHidden()
  })

  test('now and next per stage moves on as the festival clock does', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await openAtFridayEvening(page)
    await openSection(page, 'Lineup')
    const mainStage = stageNow(page, 'Main Stage')
    await expect(mainStage).toHaveText(
      /Now: Glass Waves · 35 min leftNext: Neon Orbit at 23:00 · in 50 min/,
    )
    await page.clock.fastForward('40:00')
    await expect(mainStage).toHaveText(/Nothing on nowNext: Neon Orbit at 23:00 · in 10 min/)
    await page.clock.fastForward('15:00')
    await expect(mainStage).toHaveText(
      /Now: Neon Orbit · 1 h 10 min leftNext: Solar Engine at 00:30 · in 1 h 25 min/,
    )
  })

  test("the organiser's changes arrive live: now and next, and my starred set's move", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE)
    await openAtFridayEvening(page)
    await openSection(page, 'Lineup')
    // The feed's badge (its tab is hidden, not gone): the live channel is up to hear the change.
    await expect(page.getByText('Live', { exact: true })).toBeAttached({ timeout: 10_000 })
    const mainStage = stageNow(page, 'Main Stage')
    await expect(mainStage).toHaveText(/Now: Glass Waves/)
    // Saved before the organiser's change (the screen shows the star before the server has it).
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.status() === 204,
    )
    await starIn(page, 'Neon Orbit').click()
    await expect(starIn(page, 'Neon Orbit')).toHaveAttribute('aria-pressed', 'true')
    await saved

    // Glass Waves cancelled and a surprise guest on Main Stage; Neon Orbit half an hour later on
    // Lakeside. The page is not reloaded.
    const changed = FESTIVAL.filter((row) => row.name !== 'Glass Waves').map((row) =>
      row.name === 'Neon Orbit'
        ? { ...row, stage: 'Lakeside', start: '2026-08-14T21:30:00Z', end: '2026-08-14T22:45:00Z' }
        : row,
    )
    changed.push({
      id: 'fx-surprise',
      name: 'Surprise Guest',
      stage: 'Main Stage',
      date: '2026-08-14',
      start: '2026-08-14T20:00:00Z',
      end: '2026-08-14T20:45:00Z',
    })
    try {
      organiserImports(changed)
      await expect(mainStage).toHaveText(/Now: Surprise Guest · \d+ min leftNext: Solar Engine/, {
        timeout: 10_000,
      })
      const scheduleTab = page.getByRole('banner').getByRole('tab', { name: /My schedule/ })
      await expect(scheduleTab).toHaveAccessibleName('My schedule 1 change')

      await scheduleTab.click()
      const changes = page.getByRole('region', { name: 'Programme changes' })
      await expect(changes.getByRole('listitem')).toHaveText([
        'Neon OrbitMoved: Friday 14 August, 23:30–00:45Now at LakesideWas Friday 14 August, 23:00–00:15 at Main Stage',
      ])
      await changes.getByRole('button', { name: 'Got it' }).click()
      await expect(changes).toBeHidden()
      await expect(scheduleTab).toHaveAccessibleName('My schedule')
      await expect(
        page.getByRole('region', { name: 'Friday 14 August' }).getByRole('listitem'),
      ).toHaveText(['23:30–00:45Neon Orbit, Lakeside'])
    } finally {
      organiserImports(FESTIVAL)
    }
  })
})
