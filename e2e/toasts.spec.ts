import type { Locator } from '@playwright/test'
import { E2E_PASSWORD, newEmail } from './support/accounts'
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
})
