import { E2E_PASSWORD, openSignedIn, signInViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import {
  DESKTOP,
  lineupCard,
  lineupRow,
  myScheduleDay,
  openSection,
  PHONE,
  starIn,
  starViaApi,
} from './support/schedule'
import { fanWithVibe, hideToasts, uniqueUsername } from './support/vibes'

// The shared servers' lineup is the demo one: 10–12 July 2026 in Amsterdam, long past, so the
// lineup opens on its first day.
test.describe('my schedule', () => {
  test('stars set on a phone are on the desktop too: they are saved with the account @smoke', async ({
    browser,
    request,
    baseURL,
  }) => {
    const fan = await fanWithVibe(request, baseURL!)
    const phone = await browser.newContext({ viewport: PHONE, baseURL })
    const onPhone = await phone.newPage()
    await openSignedIn(onPhone, fan.account)
    await openSection(onPhone, 'Lineup')
    const star = starIn(onPhone, 'Fern & Fable')
    await expect(star).toHaveAttribute('aria-pressed', 'false')
    const saved = onPhone.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.status() === 204,
    )
    await star.click()
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    await saved

    // Another device, signed in on its own.
    const desktop = await browser.newContext({ viewport: DESKTOP, baseURL })
    const onDesktop = await desktop.newPage()
    await openSignedIn(onDesktop, await signInViaApi(request, baseURL!, fan.account))
    await expect(starIn(onDesktop, 'Fern & Fable')).toHaveAttribute('aria-pressed', 'true')
    // And in the timetable a wide screen draws.
    const timetable = lineupCard(onDesktop).getByRole('region', { name: 'Timetable' })
    await expect(timetable.getByRole('button', { name: 'Star Fern & Fable' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await onDesktop.getByRole('tab', { name: 'My schedule' }).click()
    await expect(myScheduleDay(onDesktop, 'Friday 10 July')).toHaveText([
      /^14:00–15:00Fern & Fable, The Grove/,
    ])

    // Unstarred on the desktop: gone on the phone after a reload, once the server has it (the
    // screen shows it before: a page's 'networkidle', reached at load, would not wait for it).
    const removed = onDesktop.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.status() === 204,
    )
    await myScheduleDay(onDesktop, 'Friday 10 July')
      .getByRole('button', { name: 'Star Fern & Fable' })
      .click()
    await expect(onDesktop.getByText(/^Nothing starred yet/)).toBeVisible()
    await expect(starIn(onDesktop, 'Fern & Fable')).toHaveAttribute('aria-pressed', 'false')
    await removed
    await onPhone.reload()
    await openSection(onPhone, 'Lineup')
    await expect(starIn(onPhone, 'Fern & Fable')).toHaveAttribute('aria-pressed', 'false')
    await phone.close()
    await desktop.close()
  })

  test('two starred sets that overlap across midnight say so, in the lineup and in My schedule', async ({
    page,
    request,
    baseURL,
    shoot,
  }) => {
    await page.setViewportSize(PHONE)
    const fan = await fanWithVibe(request, baseURL!)
    await openSignedIn(page, fan.account)
    await openSection(page, 'Lineup')
    await lineupCard(page).getByRole('tab', { name: 'Sat 11' }).click()
    // Selene Ray 23:30–01:30 and Deep Lagoon 01:00–02:30 on Saturday night.
    await starIn(page, 'Selene Ray').click()
    await starIn(page, 'Deep Lagoon').click()
    await expect(lineupRow(page, 'Selene Ray')).toContainText('Overlaps Deep Lagoon by 30 min')
    await expect(lineupRow(page, 'Deep Lagoon')).toContainText('Overlaps Selene Ray by 30 min')

    await openSection(page, 'My schedule')
    await expect(myScheduleDay(page, 'Saturday 11 July')).toHaveText([
      '23:30–01:30Selene Ray, Harbour Club⚠ Overlaps Deep Lagoon by 30 min',
      '01:00–02:30Deep Lagoon, Moonlight Tent⚠ Overlaps Selene Ray by 30 min',
    ])
    await hideToasts(page)
    await shoot(page, 'my-schedule-phone')
  })

  test("a friend's shared picks show on my lineup, through sign-in; I follow them, then unfollow", async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    // Alex stars two sets and copies the share link from My schedule.
    const alex = await fanWithVibe(request, baseURL!, { username: uniqueUsername('Alex') })
    const alexName = alex.vibe.username
    await starViaApi(request, baseURL!, alex.account, 'Fern & Fable')
    await starViaApi(request, baseURL!, alex.account, 'Coral Static')
    const alexContext = await browser.newContext({ viewport: DESKTOP, baseURL })
    const alexPage = await alexContext.newPage()
    await openSignedIn(alexPage, alex.account)
    await alexPage.getByRole('tab', { name: 'My schedule' }).click()
    const share = alexPage.getByRole('region', { name: 'Share my picks' })
    const link = await share.getByRole('textbox', { name: 'Share link' }).inputValue()
    expect(link).toMatch(/\/\?picks=[\w-]{16,}$/)
    await share.getByRole('button', { name: 'Show QR code' }).click()
    await expect(share.getByRole('img', { name: 'QR code of your share link' })).toBeVisible()
    await alexContext.close()

    // A friend opens it signed out, signs in, and sees Alex's picks on the lineup.
    const friend = await fanWithVibe(request, baseURL!)
    await page.setViewportSize(DESKTOP)
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page).toHaveURL(/\/$/)
    await page.getByLabel('E-mail').fill(friend.account.email)
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const banner = page.getByRole('region', { name: `${alexName}'s picks` })
    await expect(banner).toContainText(`The 2 sets ${alexName} starred are marked on your lineup`)
    await expect(lineupRow(page, 'Fern & Fable')).toContainText(`${alexName} goes`)
    await expect(lineupRow(page, 'Coral Static')).toContainText(`${alexName} goes`)
    await expect(lineupRow(page, 'Lowtide Choir')).not.toContainText('goes')

    await banner.getByRole('button', { name: `Follow ${alexName}` }).click()
    await expect(page.getByText(`You follow ${alexName}`)).toBeVisible()
    await expect(banner).toBeHidden()
    // Followed: the picks stay, now from my crew, after a reload too.
    await page.reload()
    await expect(lineupRow(page, 'Fern & Fable')).toContainText(`${alexName} goes`)

    await page.getByRole('tab', { name: 'My schedule' }).click()
    const people = page.getByRole('region', { name: 'People you follow' })
    await people.getByRole('button', { name: `Unfollow ${alexName}` }).click()
    await expect(people.getByText(/^Nobody yet/)).toBeVisible()
    await expect(lineupRow(page, 'Fern & Fable')).not.toContainText('goes')
  })
})
