import type { Locator, Page } from '@playwright/test'
import { E2E_PASSWORD, newEmail, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import { openMainApp } from './support/vibes'

type Box = { x: number; y: number; width: number; height: number }

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The box of a toast (its buttons are inside it), once it stops sliding in. */
async function settledToastBox(toast: Locator): Promise<Box> {
  const boxes = async () => (await toast.boundingBox()) as Box
  let last = ''
  let box: Box | undefined
  await expect
    .poll(
      async () => {
        box = await boxes()
        const same = JSON.stringify(box) === last
        last = JSON.stringify(box)
        return same
      },
      { intervals: [150] },
    )
    .toBe(true)
  return box!
}

test.describe('toasts', () => {
  for (const [screen, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`on a ${screen} the welcome toast covers neither the onboarding heading nor its buttons`, async ({
      page,
    }) => {
      await page.setViewportSize(size)
      await page.goto('/')
      await page.getByRole('button', { name: 'Create New Account' }).click()
      await page.getByLabel('E-mail').fill(newEmail('toast'))
      await page.getByLabel('Password').fill(E2E_PASSWORD)
      await page.getByRole('button', { name: 'Create Account & Connect' }).click()

      const heading = page.getByRole('heading', { name: 'Set Your Vibe!' })
      const toast = page.locator('[data-toast]').filter({ hasText: 'Welcome to VibeConnect!' })
      await expect(heading).toBeVisible()
      await expect(toast).toBeVisible()
      const toastBox = await settledToastBox(toast)
      for (const covered of [
        heading,
        page.getByRole('button', { name: 'Join the Festival!' }),
        page.getByRole('button', { name: 'Change emoji' }),
      ]) {
        const box = await covered.boundingBox()
        expect(overlap(toastBox, box!), `the toast covers ${covered}`).toBe(false)
      }
    })

    test(`on a ${screen} the toast after an update leaves the header, with who I am and Sign out, in view`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize(size)
      const me = await openMainApp(page, request, baseURL!)
      await page.getByRole('button', { name: 'Update Vibe' }).click()
      const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
      await dialog.getByLabel("What's your vibe right now?").fill('Moved to the front')
      await dialog.getByRole('button', { name: 'Update Vibe' }).click()
      const toast = page.locator('[data-toast]').filter({ hasText: 'Vibe updated! ✨' })
      await expect(toast).toBeVisible()
      const toastBox = await settledToastBox(toast)
      const header = page.getByRole('banner')
      for (const covered of [
        header.getByText(me.vibe.username),
        header.getByRole('button', { name: 'Sign out' }),
      ]) {
        const box = await covered.boundingBox()
        expect(overlap(toastBox, box!), `the toast covers ${covered}`).toBe(false)
      }
    })
  }

  test('on a phone two toasts at once are a stack that leaves Join clear, and the page scrolls past them', async ({
    page,
    shoot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Create New Account' }).click()
    await page.getByLabel('E-mail').fill(newEmail('toasts'))
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Create Account & Connect' }).click()
    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
    // Join pressed at once, with the fields still empty: a second toast.
    const join = page.getByRole('button', { name: 'Join the Festival!' })
    await join.click()
    const toast = (text: string) => page.locator('[data-toast]').filter({ hasText: text })
    const front = await settledToastBox(toast('Missing info! 📝'))
    const behind = await settledToastBox(toast('Welcome to VibeConnect!'))
    // One toast's room, and the top edge of the one behind.
    expect(front.y - behind.y).toBeGreaterThan(0)
    expect(front.y - behind.y).toBeLessThan(30)
    for (const box of [front, behind]) {
      expect(overlap(box, (await join.boundingBox())!), 'the toasts cover Join').toBe(false)
    }
    await shoot(page, 'toasts-stacked-phone')

    // A smaller phone: the toasts reach the form, and the page ends above them when scrolled down.
    await page.setViewportSize({ width: 360, height: 640 })
    await settledToastBox(toast('Missing info! 📝'))
    const [joinBottom, toastsTop] = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
      const button = [...document.querySelectorAll('button')].find((each) =>
        each.textContent?.includes('Join the Festival!'),
      )!
      const toasts = document.querySelector('[data-toaster] ol')!.getBoundingClientRect()
      return [button.getBoundingClientRect().bottom, toasts.top]
    })
    expect(joinBottom).toBeLessThanOrEqual(toastsTop)
  })

  test('toasts arrive in a polite live list that is there before them; Alt+T reaches them, and they wait while focused', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/)
    const account = await signUpViaApi(request, baseURL!)
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Notifications alt+T' })
    // Present and empty before anything is said, so a screen reader announces what is added.
    await expect(region.getByRole('list')).toHaveAttribute('aria-live', 'polite')
    await expect(region.getByRole('listitem')).toHaveCount(0)

    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password').fill('not my password')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const toast = region.getByRole('listitem').filter({ hasText: 'Authentication failed' })
    await expect(toast).toContainText('Invalid login credentials')

    // Back in the password field to try again, the user asks for the toasts.
    await page.getByLabel('Password').focus()
    await page.keyboard.press('Alt+t')
    const close = toast.getByRole('button', { name: 'Close toast' })
    await expect(close).toBeFocused()
    // With the focus ring, though Alt+T is not keyboard use to the browser's :focus-visible.
    await expect(close).toHaveCSS('outline-style', 'solid')
    // Longer than a toast's 4 s: focused, it stays.
    await page.waitForTimeout(4500)
    await expect(toast).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(toast).toHaveCount(0)
    // Focus goes back where it was, not to the page's start.
    await expect(page.getByLabel('Password')).toBeFocused()
  })

  test('on a touch screen a tap closes a toast without holding the others, and a swipe throws one away', async ({
    browser,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!)
    const context = await browser.newContext({
      baseURL,
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    })
    try {
      const page = await context.newPage()
      await page.goto('/')
      await page.getByLabel('E-mail').fill(account.email)
      const failures = page.locator('[data-toast]').filter({ hasText: 'Authentication failed' })
      for (const count of [1, 2, 3]) {
        await page.getByLabel('Password').fill(`not my password ${count}`)
        await page.getByRole('button', { name: 'Connect', exact: true }).tap()
        await expect(failures).toHaveCount(count)
      }
      // A closed toast fades out where it was before it goes (however briefly: recorded as it
      // starts to leave).
      await page.evaluate(() => {
        const seen: string[] = []
        Object.assign(window, { leavingAnimations: seen })
        new MutationObserver((records) => {
          for (const { target } of records) {
            if (target instanceof Element && target.hasAttribute('data-toast-leaving')) {
              seen.push(getComputedStyle(target).animationName)
            }
          }
        }).observe(document.body, { subtree: true, attributeFilter: ['data-toast-leaving'] })
      })
      // On a phone they are a stack: the newest in front, the others' top edges above it, so
      // three toasts cover no more of the form than one (the Connect button stays clear).
      const boxes = async () => Promise.all([0, 1, 2].map((n) => settledToastBox(failures.nth(n))))
      const [oldest, , newest] = await boxes()
      expect(oldest!.y).toBeLessThan(newest!.y)
      expect(newest!.y - oldest!.y).toBeLessThan(30)
      const connect = await page.getByRole('button', { name: 'Connect', exact: true }).boundingBox()
      expect(overlap(oldest!, connect!)).toBe(false)
      // A tap on the stack lays them out one above the other.
      await page.touchscreen.tap(oldest!.x + oldest!.width / 2, oldest!.y + 4)
      const [first, second, third] = await boxes()
      expect(overlap(first!, second!) || overlap(second!, third!)).toBe(false)
      // A tap focuses the button it closes with; the toasts left must still go after their 4 s.
      await failures.first().getByRole('button', { name: 'Close toast' }).tap()
      await expect(failures).toHaveCount(2)
      expect(
        await page.evaluate(() => (window as { leavingAnimations?: string[] }).leavingAnimations),
      ).toEqual(['toast-out'])
      await expect(page.locator('[data-toast-leaving]')).toHaveCount(0)
      const box = (await failures.first().boundingBox())!
      const y = box.y + box.height / 2
      await swipe(page, box.x + 20, box.x + 200, y)
      await expect(failures).toHaveCount(1)
      await expect(failures).toHaveCount(0, { timeout: 8000 })
    } finally {
      await context.close()
    }
  })
})

/** A finger dragged sideways, as the touch events of a real swipe. */
async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    })
  await touch('touchStart', fromX)
  for (let step = 1; step <= 5; step++) await touch('touchMove', fromX + ((toX - fromX) * step) / 5)
  await touch('touchEnd', toX)
}
