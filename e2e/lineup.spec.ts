import type { Page } from '@playwright/test'
import { createVibeViaApi, openSignedIn, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/network'
import { uniqueUsername } from './support/vibes'

// Half a world from the festival (Europe/Amsterdam): the card must still show its days and times.
test.use({ timezoneId: 'Pacific/Honolulu' })

async function openMainAppWithVibe(
  page: Page,
  request: Parameters<typeof signUpViaApi>[0],
  baseURL: string,
) {
  const account = await signUpViaApi(request, baseURL)
  await createVibeViaApi(request, baseURL, account, {
    // Several tests here share one server: each fan needs a username of their own.
    username: uniqueUsername('LineupFan'),
    emoji: '🎶',
    status: 'Who plays tonight?',
  })
  await openSignedIn(page, account)
}

test.describe('the lineup', () => {
  test('a fan far from home reads the lineup on the festival clock, refreshes it and keeps it when the network fails', async ({
    page,
    request,
    baseURL,
    shoot,
    allowConsoleError,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainAppWithVibe(page, request, baseURL!)
    // A phone shows the feed first; the lineup is one tap away in the header.
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeVisible()
    await page.getByRole('banner').getByRole('tab', { name: 'Lineup' }).click()

    const card = page.getByRole('region', { name: 'Sunwave Festival 2026' })
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Sunwave Festival 2026')
    await expect(page.getByText('Lineup updated successfully')).toBeVisible()
    await expect(page.getByText('Success', { exact: true })).toBeVisible()
    await expect(card.getByText(/^Last updated \w{3} \d{1,2} \w{3}, \d\d:\d\d$/)).toBeVisible()

    // One festival day at a time; long after the festival, the first day.
    // "Fri 10" on a phone (the month shows where there is room).
    await expect(card.getByRole('tab')).toHaveText([/^Fri 10/, /^Sat 11/, /^Sun 12/])
    await expect(card.getByRole('tab', { name: 'Fri 10' })).toHaveAttribute('aria-selected', 'true')
    const byDate = card.getByRole('region', { name: 'By Date' })
    await expect(byDate.getByRole('heading', { level: 4 })).toHaveText(['Friday 10 July'])
    const friday = byDate.getByRole('article', { name: 'Friday 10 July' })
    const fridaySets = friday.getByRole('listitem')
    // 12:00 UTC is 14:00 at the festival and 02:00 in Honolulu: the festival's time is shown.
    await expect(fridaySets.first()).toHaveText('14:00–15:00Fern & Fable, The Grove')
    // 01:00 on Saturday morning at the festival is still Friday night, listed after 23:30 sets.
    await expect(fridaySets.filter({ hasText: 'Nightjar' })).toHaveText(
      '01:00–02:30Nightjar, Moonlight Tent',
    )
    await expect(fridaySets.last()).toHaveText('02:30–04:00Strobe Garden, Moonlight Tent')

    const byStage = card.getByRole('region', { name: 'By Stage' })
    await expect(byStage.getByRole('heading', { level: 4 })).toHaveText([
      'Harbour Club',
      'Main Stage',
      'Moonlight Tent',
      'The Grove',
    ])
    const mainStage = byStage.getByRole('article', { name: 'Main Stage' }).getByRole('listitem')
    await expect(mainStage).toHaveText([
      'Coral Static',
      'The Paper Lanterns',
      'Mira Solenne',
      'Velvet Orbit',
      'Neon Harbour',
    ])
    await shoot(page, 'lineup-card-phone')

    // Refresh loads again and says so again.
    await page.getByRole('button', { name: 'Close toast' }).click()
    await expect(page.getByText('Lineup updated successfully')).toBeHidden()
    const refreshed = page.waitForResponse('**/api/lineup')
    await card.getByRole('button', { name: 'Refresh' }).click()
    // The browser's cache revalidates with the ETag, so an unchanged lineup costs a 304.
    const revalidation = await refreshed
    expect(revalidation.ok()).toBe(true)
    expect((await revalidation.request().allHeaders())['if-none-match']).toBe(
      await revalidation.headerValue('etag'),
    )
    await expect(page.getByText('Lineup updated successfully')).toBeVisible()

    // The network fails: the error toast, and the lineup already on screen stays.
    allowConsoleError(/status of 503/)
    await page.route('**/api/lineup', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'The lineup is unavailable right now' }),
      }),
    )
    await card.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByText('Failed to fetch lineup data')).toBeVisible()
    await expect(page.getByText('Error', { exact: true })).toBeVisible()
    await expect(fridaySets.filter({ hasText: 'Nightjar' })).toBeVisible()
    await expect(byStage.getByRole('article')).toHaveCount(4)

    // Sunday: its sets and stages only, by the tab or by arrow key.
    await card.getByRole('tab', { name: 'Fri 10' }).press('End')
    await expect(byDate.getByRole('heading', { level: 4 })).toHaveText(['Sunday 12 July'])
    await expect(byStage.getByRole('heading', { level: 4 })).toHaveText([
      'Main Stage',
      'Moonlight Tent',
      'The Grove',
    ])
    // The stage filter and the artist search narrow the day, and point to other days.
    await card.getByRole('combobox', { name: 'Stage' }).selectOption('Moonlight Tent')
    await expect(card.getByText('4 sets on Sunday 12 July')).toBeVisible()
    await card.getByRole('combobox', { name: 'Stage' }).selectOption('')
    await card.getByLabel('Search artists').fill('nightjar')
    const daySets = byDate.getByRole('article').getByRole('listitem')
    await expect(daySets).toHaveText(['23:30–01:00DJ Halcyon b2b Nightjar, Moonlight Tent'])
    await card.getByRole('button', { name: 'Fri 10 Jul (1)' }).click()
    await expect(daySets).toHaveText(['01:00–02:30Nightjar, Moonlight Tent'])
    await card.getByLabel('Search artists').fill('')

    // The feed is one tap back, where it was.
    await page.getByRole('banner').getByRole('tab', { name: 'Vibes' }).click()
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeVisible()
  })

  test('the first load says it is loading until the lineup arrives', async ({
    page,
    request,
    baseURL,
  }) => {
    const release = await holdRequests(page, '**/api/lineup')
    await openMainAppWithVibe(page, request, baseURL!)
    const card = page.getByRole('region', { name: 'Sunwave Festival 2026' })
    await expect(card.getByRole('status')).toHaveText('Loading lineup...')
    await release()
    await expect(card.getByRole('region', { name: 'By Date' })).toBeVisible()
    await expect(card.getByText('Loading lineup...')).toBeHidden()
  })

  test("on a desktop, Tab into the timetable's next stage stops below the stage names, not under them", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openMainAppWithVibe(page, request, baseURL!)
    const timetable = page.getByRole('region', { name: 'Timetable' })
    const stage = (name: string) => timetable.getByRole('region', { name })
    const first = stage('Main Stage').getByRole('button').first()
    await stage('Harbour Club').getByRole('button').last().focus()
    // Scrolled so that Main Stage's first set sits under the sticky row of stage names.
    await first.evaluate((button) => {
      const scroller = button.closest('.scroll-hint-right')!
      const top = scroller.getBoundingClientRect().top + scroller.clientTop
      scroller.scrollTop += button.getBoundingClientRect().top - top - 8
    })
    await page.keyboard.press('Tab')
    await expect(first).toBeFocused()
    const stageNames = (await stage('Main Stage').getByRole('heading').boundingBox())!
    const focused = (await first.boundingBox())!
    expect(focused.y).toBeGreaterThanOrEqual(stageNames.y + stageNames.height)
  })
})
