import { readFileSync } from 'node:fs'
import { openSignedIn, signInViaApi, signUpViaApi } from './support/accounts'
import { isScript, onDemandScriptOf } from './support/build'
import { expect, test } from './support/fixtures'
import { grantRole, reportViaApi } from './support/safety'
import {
  fanWithVibe,
  feedEntry,
  hideToasts,
  openMainApp,
  secondBrowser,
  waitUntilLive,
} from './support/vibes'

test.describe('safety: reports, moderation, the organiser dashboard', () => {
  test('reported by three people, a vibe is under review; a moderator restores it, then removes it with a reason, and its author sees each step', async ({
    page,
    browser,
    request,
    baseURL,
    shoot,
  }) => {
    // Three browsers and a dozen live steps: more than 60 s beside another story on two cores.
    test.setTimeout(90_000)
    const authorBrowser = await secondBrowser(browser, baseURL!)
    const moderatorBrowser = await secondBrowser(browser, baseURL!)
    try {
      const author = await fanWithVibe(request, baseURL!, {
        emoji: '🎫',
        status: 'Cheap tickets DM me',
      })
      const name = author.vibe.username
      await openSignedIn(authorBrowser.page, author.account)
      await expect(authorBrowser.page.getByText('Festival Vibes')).toBeVisible()
      // Two people reported it already (MODERATION_REPORTS_TO_HIDE is 3): I am the third.
      for (const reason of ['spam', 'other']) {
        const reporter = await signUpViaApi(request, baseURL!)
        await reportViaApi(request, baseURL!, reporter, author.id, { reason })
      }
      await openMainApp(page, request, baseURL!, { status: 'Watching out' })
      await waitUntilLive(page)
      await waitUntilLive(authorBrowser.page)

      // On a phone: Report under their entry, next to Block.
      await page.setViewportSize({ width: 390, height: 844 })
      const entry = feedEntry(page, name)
      await entry.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await expect(entry.getByRole('button', { name: `Block ${name}` })).toBeVisible()
      await entry.getByRole('button', { name: `Report ${name}` }).click()
      const dialog = page.getByRole('dialog', { name: `Report ${name}’s vibe` })
      await dialog.getByRole('radio', { name: 'Spam or scams' }).check()
      await dialog
        .getByLabel('Anything the moderators should know? (optional)')
        .fill('Selling fake wristbands')
      await hideToasts(page)
      await shoot(page, 'safety-report-dialog-phone')
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(dialog).toBeHidden()
      // The third report hides it from everyone's feed, live; its author is told.
      await expect(feedEntry(page, name)).toHaveCount(0, { timeout: 3000 })
      const authorNotice = authorBrowser.page.getByRole('region', { name: 'Your vibe’s status' })
      await expect(authorNotice).toContainText('Under review', { timeout: 3000 })
      await expect(authorBrowser.page.getByRole('banner')).toContainText('Under review')

      // A moderator (granted as an operator does) finds it first in the queue.
      const moderator = await grantRole(
        request,
        baseURL!,
        await signUpViaApi(request, baseURL!),
        'moderator',
      )
      const mod = moderatorBrowser.page
      await mod.setViewportSize({ width: 1280, height: 900 })
      await openSignedIn(mod, moderator, '/moderation')
      await expect(mod.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible()
      const item = mod.getByRole('listitem', { name: `${name}’s vibe` })
      await expect(item).toContainText('Hidden pending review')
      await expect(item).toContainText('3 open reports')
      await expect(item).toContainText('“Selling fake wristbands”')
      // Moderators do not read the audit log.
      await expect(mod.getByRole('heading', { name: 'Audit log' })).toHaveCount(0)
      await shoot(mod, 'safety-moderation-desktop')
      await item.getByRole('button', { name: 'Restore' }).click()
      await expect(mod.getByText(`${name}’s vibe is in the feed`)).toBeVisible()
      await expect(item).toHaveCount(0)
      // Back in my feed, live, and its author's notice goes.
      await expect(feedEntry(page, name)).toBeVisible({ timeout: 3000 })
      await expect(authorNotice).toHaveCount(0, { timeout: 3000 })

      // Reported again by someone new: the moderator removes it, with a reason.
      await reportViaApi(request, baseURL!, await signUpViaApi(request, baseURL!), author.id, {
        reason: 'drugs',
      })
      await mod.reload()
      await expect(item).toContainText('In the feed')
      await item.getByRole('button', { name: 'Remove...' }).click()
      await item.getByRole('button', { name: 'Remove vibe' }).click()
      await expect(mod.getByText('Reason is required')).toBeVisible()
      await item.getByLabel(`Reason (${name} sees it)`).fill('Ticket touting is not allowed')
      await item.getByRole('button', { name: 'Remove vibe' }).click()
      await expect(mod.getByText(`${name}’s vibe is removed`)).toBeVisible()
      await expect(feedEntry(page, name)).toHaveCount(0, { timeout: 3000 })
      await expect(authorNotice).toContainText('Removed: Ticket touting is not allowed', {
        timeout: 3000,
      })
      await expect(authorNotice.getByRole('button', { name: 'Update your vibe' })).toBeVisible()
      expect(authorBrowser.errors).toEqual([])
      expect(moderatorBrowser.errors).toEqual([])
    } finally {
      await authorBrowser.close()
      await moderatorBrowser.close()
    }
  })

  test('@smoke the organiser opens the dashboard from Account: figures, a chart of sign-ups, and a CSV to download', async ({
    page,
    request,
    baseURL,
    shoot,
  }) => {
    const fan = await fanWithVibe(request, baseURL!, { status: 'Running the show' })
    const organiser = await grantRole(request, baseURL!, fan.account, 'organiser')
    await page.setViewportSize({ width: 1280, height: 900 })
    await openSignedIn(page, organiser)
    await page.getByRole('button', { name: 'Account' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByRole('link', { name: 'Moderation' })).toBeVisible()
    await account.getByRole('link', { name: 'Organiser dashboard' }).click()

    await expect(page).toHaveURL(/\/organiser$/)
    await expect(page.getByRole('heading', { name: 'Organiser dashboard', level: 1 })).toBeVisible()
    const figures = page.getByRole('region', { name: 'Figures' })
    const accounts = Number(
      await figures
        .getByText('Accounts', { exact: true })
        .locator('xpath=..')
        .locator('dd')
        .textContent(),
    )
    expect(accounts).toBeGreaterThanOrEqual(1)
    // Everyone with a vibe includes the organiser; the organiser's own socket is not open here.
    await expect(figures).toContainText('People with a vibe')
    // One server here; behind a load balancer, every instance's live feed is counted.
    await expect(figures).toContainText('on the live feed, one server')
    const chart = page.getByRole('img', { name: /Sign-ups per hour, last 48 hours/ })
    await expect(chart).toBeVisible()
    await page.getByText('The numbers as a table').click()
    await expect(page.getByRole('row')).toHaveCount(49)
    await page.getByText('The numbers as a table').click()
    await shoot(page, 'safety-organiser-desktop')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      figures.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^vibeconnect-stats-\d{4}-\d{2}-\d{2}-\d{2}h\.csv$/,
    )
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv).toMatch(/^metric,value\r\n/)
    // Other stories sign up on this shared server meanwhile, and one deletes its account
    // (privacy.spec.ts): the CSV, counted a moment later, has at most that one fewer.
    expect(Number(/\r\naccounts,(\d+)\r\n/.exec(csv)?.[1])).toBeGreaterThanOrEqual(accounts - 1)
    expect(csv).not.toContain('@')
    expect(csv).not.toContain(fan.vibe.username)

    // On a phone: the figures two abreast, and the chart at the phone's width.
    await page.setViewportSize({ width: 390, height: 844 })
    await chart.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await shoot(page, 'safety-organiser-phone')
  })

  test('someone without a role who opens /moderation or /organiser is told what it needs', async ({
    page,
    request,
    baseURL,
  }) => {
    const fan = await fanWithVibe(request, baseURL!)
    await openSignedIn(page, fan.account, '/moderation')
    await expect(page.getByRole('heading', { name: 'You need the moderator role' })).toBeVisible()
    await page.goto('/organiser')
    await expect(page.getByRole('heading', { name: 'You need the organiser role' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(feedEntry(page, fan.vibe.username)).toBeVisible()
    // And no staff links in Account.
    await page.getByRole('button', { name: 'Account' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Moderation' }),
    ).toHaveCount(0)
  })

  test('the report form failing to download says so, and the next Report tries again', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/Could not show the report form|Failed to fetch dynamically|ERR_FAILED/)
    const other = await fanWithVibe(request, baseURL!)
    let failing = true
    await page.route(isScript(onDemandScriptOf('features/vibes/vibe-forms.ts')), (route) =>
      failing ? route.abort() : route.continue(),
    )
    await openMainApp(page, request, baseURL!)
    const report = feedEntry(page, other.vibe.username).getByRole('button', {
      name: `Report ${other.vibe.username}`,
    })
    await report.click()
    await expect(page.getByText("The report form didn't load")).toBeVisible()
    await expect(feedEntry(page, other.vibe.username)).toBeVisible()
    failing = false
    await report.click()
    await expect(
      page.getByRole('dialog', { name: `Report ${other.vibe.username}’s vibe` }),
    ).toBeVisible()
  })

  test('a moderator suspends an author for an hour: their update is refused until when, in their time; unsuspended, it goes through', async ({
    page,
    browser,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    // The browser logs the refused update (403). Two browsers: more than 30 s on a busy machine.
    allowConsoleError(/status of 403/)
    test.setTimeout(60_000)
    const moderatorBrowser = await secondBrowser(browser, baseURL!)
    try {
      const author = await fanWithVibe(request, baseURL!, { status: 'Two for one at the gate' })
      const name = author.vibe.username
      await reportViaApi(request, baseURL!, await signUpViaApi(request, baseURL!), author.id, {
        reason: 'spam',
      })
      const moderator = await grantRole(
        request,
        baseURL!,
        await signUpViaApi(request, baseURL!),
        'moderator',
      )
      const mod = moderatorBrowser.page
      await openSignedIn(mod, moderator, '/moderation')
      const item = mod.getByRole('listitem', { name: `${name}’s vibe` })
      await item.getByRole('button', { name: 'Suspend author...' }).click()
      await item.getByLabel(`Suspend ${name} for`).selectOption({ label: '1 hour' })
      await item.getByLabel(/^Reason/).fill('Touting at the gate')
      await item.getByRole('button', { name: 'Suspend', exact: true }).click()
      await expect(mod.getByText(`${name} is suspended`)).toBeVisible()
      // The queue says so, and offers only what applies now.
      await expect(item).toContainText('Author suspended until')
      await expect(item.getByRole('button', { name: 'Suspend author...' })).toBeHidden()

      // The suspension ended their sessions: they sign in again and try to change their vibe.
      const again = await signInViaApi(request, baseURL!, author.account)
      await openSignedIn(page, again)
      await page.getByRole('button', { name: 'Update Vibe' }).click()
      const update = page.getByRole('dialog', { name: 'Update Your Vibe' })
      await update.getByLabel("What's your vibe right now?").fill('Just dancing now')
      await update.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(update.getByText('Oops! Something went wrong 😅')).toBeVisible()
      await expect(
        update.getByText(
          /^Your account is suspended until \w{3} \d{1,2} \w{3}, \d\d:\d\d \(your time\) \(Touting at the gate\): you can't post or update your vibe until then$/,
        ),
      ).toBeVisible()

      await item.getByRole('button', { name: 'Unsuspend author' }).click()
      await expect(mod.getByText(`${name} can post again`)).toBeVisible()
      await update.getByRole('button', { name: 'Update Vibe' }).click()
      await expect(page.getByText('Vibe updated! ✨')).toBeVisible()
      expect(moderatorBrowser.errors).toEqual([])
    } finally {
      await moderatorBrowser.close()
    }
  })
})
