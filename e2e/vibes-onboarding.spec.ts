import {
  createVibeViaApi,
  E2E_PASSWORD,
  newEmail,
  openSignedIn,
  signUpViaApi,
} from './support/accounts'
import { expect, test } from './support/fixtures'
import { feedEntry, fulfillWithError, hideToasts, uniqueUsername } from './support/vibes'

test.describe('onboarding', () => {
  test('a new fan sets their vibe and joins the festival @smoke', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!)
    await openSignedIn(page, account)
    await expect(page.getByRole('heading', { name: 'Set Your Vibe!' })).toBeVisible()
    const preview = page.getByRole('status', { name: 'Selected vibe' })
    await expect(preview).toHaveText('🎉')

    await page.getByRole('button', { name: 'Change emoji' }).click()
    await page.getByRole('tab', { name: 'Moods' }).click()
    await page.getByRole('button', { name: 'Smiling face with sunglasses' }).click()
    await expect(preview).toHaveText('😎')
    const username = uniqueUsername('Raver')
    await page.getByLabel('Username').fill(`  ${username}  `)
    await page.getByLabel("What's your vibe today?").fill('Front row for the headliner')
    await expect(page.getByText('27/100')).toBeVisible()

    // Hold the request a moment so the busy state can be seen.
    let releaseCreate: () => void = () => {}
    const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve))
    await page.route('**/api/vibes', async (route) => {
      await createHeld
      await route.continue()
    })
    await page.getByRole('button', { name: 'Join the Festival!' }).click()
    await expect(page.getByRole('button', { name: 'Creating your vibe...' })).toBeDisabled()
    releaseCreate()

    await expect(page.getByText('Welcome to the vibe! 🎉')).toBeVisible()
    await expect(page.getByText('Your festival profile is ready!')).toBeVisible()
    const header = page.getByRole('banner')
    await expect(header).toContainText(username)
    await expect(header).toContainText('😎')
    await expect(header).toContainText('Festival Vibes')
    await expect(page.getByRole('heading', { name: "Who's Vibin'?" })).toBeVisible()
    const mine = feedEntry(page, username)
    await expect(mine).toContainText('(you)')
    await expect(mine).toContainText('Front row for the headliner')
    await expect(mine).toContainText('Just now')

    // Reloading finds the vibe on the server: no second onboarding.
    await page.reload()
    await expect(page.getByRole('banner')).toContainText(username)
    await expect(page.getByRole('heading', { name: 'Set Your Vibe!' })).toHaveCount(0)
  })

  test('blank fields are refused with the missing-info toast, and nothing is sent', async ({
    page,
    request,
    baseURL,
  }) => {
    let creates = 0
    await page.route('**/api/vibes', async (route) => {
      if (route.request().method() === 'POST') creates += 1
      await route.continue()
    })
    await openSignedIn(page, await signUpViaApi(request, baseURL!))
    const join = page.getByRole('button', { name: 'Join the Festival!' })

    await join.click()
    await expect(page.getByText('Missing info! 📝')).toBeVisible()
    await expect(page.getByText('Please fill in your username and vibe status')).toBeVisible()

    // Whitespace is blank too.
    await page.getByLabel('Username').fill('   ')
    await page.getByLabel("What's your vibe today?").fill('Ready to dance')
    await join.click()
    await expect(page.getByText('Missing info! 📝').first()).toBeVisible()
    expect(creates).toBe(0)
    await expect(page.getByRole('heading', { name: 'Set Your Vibe!' })).toBeVisible()
  })

  test('the counter counts characters as a person does, and the limits hold', async ({
    page,
    request,
    baseURL,
  }) => {
    await openSignedIn(page, await signUpViaApi(request, baseURL!))
    const status = page.getByLabel("What's your vibe today?")
    await expect(page.getByText('0/100')).toBeVisible()

    await status.fill('🇳🇱👨‍👩‍👧‍👦 yes')
    await expect(page.getByText('6/100')).toBeVisible()

    await status.fill('x'.repeat(130))
    await expect(status).toHaveValue('x'.repeat(100))
    await expect(page.getByText('100/100')).toBeVisible()

    const username = page.getByLabel('Username')
    await username.fill('ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    await expect(username).toHaveValue('ABCDEFGHIJKLMNOPQRST')
  })

  test('a failed create says what went wrong and stays on onboarding', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 503/)
    await openSignedIn(page, await signUpViaApi(request, baseURL!))
    await page.route('**/api/vibes', (route) =>
      fulfillWithError(route, 503, 'service_unavailable', 'The festival servers need a breather'),
    )
    await page.getByLabel('Username').fill(uniqueUsername())
    await page.getByLabel("What's your vibe today?").fill('Waiting for the gates to open')
    await page.getByRole('button', { name: 'Join the Festival!' }).click()
    await expect(page.getByText('Oops! Something went wrong 😅')).toBeVisible()
    await expect(page.getByText('The festival servers need a breather')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join the Festival!' })).toBeEnabled()
  })

  test('a vibe created meanwhile in another tab counts as created', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 409/)
    const account = await signUpViaApi(request, baseURL!)
    await openSignedIn(page, account)
    await expect(page.getByRole('heading', { name: 'Set Your Vibe!' })).toBeVisible()
    const otherTab = uniqueUsername('OtherTab')
    await createVibeViaApi(request, baseURL!, account, {
      username: otherTab,
      emoji: '🦄',
      status: 'Created first in another tab',
    })

    await page.getByLabel('Username').fill(uniqueUsername())
    await page.getByLabel("What's your vibe today?").fill('Second attempt')
    await page.getByRole('button', { name: 'Join the Festival!' }).click()
    await expect(page.getByText('Welcome to the vibe! 🎉')).toBeVisible()
    await expect(page.getByRole('banner')).toContainText(otherTab)
  })

  test('each new screen is announced like a new page: its title, its heading focused, its top in view', async ({
    page,
  }) => {
    // Keyboard only, on a phone: sign up, set my vibe, join, sign out.
    await page.setViewportSize({ width: 360, height: 520 })
    await page.goto('/')
    await expect(page).toHaveTitle('VibeConnect')
    await page.getByRole('button', { name: 'Create New Account' }).click()
    await page.getByLabel('E-mail').fill(newEmail())
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByLabel('Password').press('Enter')

    const setYourVibe = page.getByRole('heading', { name: 'Set Your Vibe!' })
    await expect(setYourVibe).toBeFocused()
    await expect(page).toHaveTitle('Set Your Vibe! · VibeConnect')
    await page.getByLabel('Username').fill(uniqueUsername('Keys'))
    await page.getByLabel("What's your vibe today?").fill('Tabbing to the front row')
    // Scrolled down to Join (the form is taller than this small screen).
    const join = page.getByRole('button', { name: 'Join the Festival!' })
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await join.press('Enter')

    const main = page.getByRole('heading', { name: 'VibeConnect', level: 1 })
    await expect(main).toBeFocused()
    await expect(page).toHaveTitle('VibeConnect')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.getByRole('button', { name: 'Sign out' }).press('Enter')
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'VibeConnect', level: 1 })).toBeFocused()
  })

  test('on a phone (390×844) the whole form fits the screen, Join the Festival! in view without scrolling', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openSignedIn(page, await signUpViaApi(request, baseURL!))
    const join = page.getByRole('button', { name: 'Join the Festival!' })
    await expect(join).toBeVisible()
    for (const part of [
      page.getByRole('heading', { name: 'Set Your Vibe!' }),
      page.getByRole('status', { name: 'Selected vibe' }),
      page.getByRole('button', { name: 'Change emoji' }),
      page.getByLabel('Username'),
      page.getByLabel("What's your vibe today?"),
      join,
    ]) {
      await expect(part).toBeInViewport({ ratio: 1 })
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const form = await page.locator('form').boundingBox()
    expect(form!.y).toBeGreaterThanOrEqual(0)
    expect(form!.y + form!.height).toBeLessThanOrEqual(844)
  })

  for (const [name, size] of [
    ['onboarding-phone', { width: 390, height: 844 }],
    ['onboarding-desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`screenshot: ${name}`, async ({ page, request, baseURL, shoot }) => {
      await page.setViewportSize(size)
      await openSignedIn(page, await signUpViaApi(request, baseURL!))
      await page.getByLabel('Username').fill('BassDropBella')
      await page.getByLabel("What's your vibe today?").fill('Front row for the headliner 🎶')
      await expect(page.getByText('29/100')).toBeVisible()
      await hideToasts(page)
      await shoot(page, name)
    })
  }
})
