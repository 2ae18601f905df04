import type { Page } from '@playwright/test'
import { openSignedIn, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'

const TABS = [
  ['Festival', ['Festival Vibes', 'Energy Levels']],
  ['Moods', ['Moods', 'Artsy']],
  ['Roles', ['Content Creator', 'Raver', 'Gamer']],
] as const

/** Opens the picker, closed at first under the preview of the selected vibe. */
async function openPicker(page: Page) {
  const toggle = page.getByRole('button', { name: 'Change emoji' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('tab')).toHaveCount(0)
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
}

test.describe('the emoji picker', () => {
  test.beforeEach(async ({ page, request, baseURL }) => {
    await openSignedIn(page, await signUpViaApi(request, baseURL!))
    await expect(page.getByRole('group', { name: 'Pick your vibe avatar' })).toBeVisible()
    await expect(page.getByRole('status', { name: 'Selected vibe' })).toHaveText('🎉')
    await openPicker(page)
  })

  test('each preset tab shows its categories with their first 8 emojis', async ({ page }) => {
    await expect(page.getByRole('tab')).toHaveText(['Festival', 'Moods', 'Roles', 'Custom'])
    for (const [tabName, categories] of TABS) {
      const tab = page.getByRole('tab', { name: tabName })
      await tab.click()
      await expect(tab).toHaveAttribute('aria-selected', 'true')
      const panel = page.getByRole('tabpanel', { name: tabName })
      await expect(panel).toBeVisible()
      await expect(panel.getByRole('group')).toHaveCount(categories.length)
      for (const category of categories) {
        await expect(panel.getByRole('group', { name: category }).getByRole('button')).toHaveCount(
          8,
        )
      }
    }
  })

  test('emoji buttons are named, and the chosen one is pressed and previewed', async ({ page }) => {
    const preview = page.getByRole('status', { name: 'Selected vibe' })
    const partyPopper = page.getByRole('button', { name: 'Party popper' })
    await expect(preview).toHaveText('🎉')
    await expect(partyPopper).toHaveAttribute('aria-pressed', 'true')

    await page.getByRole('button', { name: 'High voltage' }).click()
    await expect(preview).toHaveText('⚡')
    await expect(page.getByRole('button', { name: 'High voltage' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(partyPopper).toHaveAttribute('aria-pressed', 'false')

    await page.getByRole('tab', { name: 'Roles' }).click()
    await page.getByRole('button', { name: 'Video game' }).click()
    await expect(preview).toHaveText('🎮')
  })

  test('arrow keys, Home and End move between tabs', async ({ page }) => {
    const tab = (name: string) => page.getByRole('tab', { name })
    await tab('Festival').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tab('Moods')).toBeFocused()
    await expect(tab('Moods')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Moods' })).toBeVisible()
    await page.keyboard.press('End')
    await expect(tab('Custom')).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(tab('Festival')).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Custom')).toBeFocused()
    await page.keyboard.press('Home')
    await expect(tab('Festival')).toHaveAttribute('aria-selected', 'true')
    // Only the selected tab is in the Tab order; the next Tab goes into its panel.
    await expect(page.getByRole('tab', { selected: false })).toHaveCount(3)
    for (const other of await page.getByRole('tab', { selected: false }).all()) {
      await expect(other).toHaveAttribute('tabindex', '-1')
    }
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Party popper' })).toBeFocused()
  })

  test('the custom tab takes up to 4 characters, trimmed, with an emoji among them, and offers 10 popular emojis', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: 'Custom' }).click()
    const input = page.getByLabel('Custom emoji')
    const useIt = page.getByRole('button', { name: 'Use emoji' })
    const preview = page.getByRole('status', { name: 'Selected vibe' })

    await expect(useIt).toBeDisabled()
    await input.fill('   ')
    await expect(useIt).toBeDisabled()
    // Invisible characters alone are blank too (zero-width space, Hangul filler, braille blank).
    await input.fill('\u200b\u3164\u2800')
    await expect(useIt).toBeDisabled()

    // A flag, a skin tone and a ZWJ family each count as one character.
    await input.fill('🇧🇷👍🏽👨‍👩‍👧‍👦🦄🎸🎺')
    await expect(input).toHaveValue('🇧🇷👍🏽👨‍👩‍👧‍👦🦄')
    await useIt.click()
    await expect(preview).toHaveText('🇧🇷👍🏽👨‍👩‍👧‍👦🦄')
    await expect(input).toHaveValue('')

    await input.fill('  🦩 ')
    await input.press('Enter')
    await expect(preview).toHaveText('🦩')
    // Enter added the emoji; it did not submit the onboarding form.
    await expect(page.getByText('Missing info! 📝')).toHaveCount(0)

    await input.fill('a\u202Eb')
    await useIt.click()
    await expect(page.getByRole('alert')).toHaveText(
      "Emoji contains characters that aren't allowed",
    )
    await expect(preview).toHaveText('🦩')

    // Letters are not an avatar: the panel says why, with the server's own words.
    await input.fill('abcd')
    await useIt.click()
    await expect(page.getByRole('alert')).toHaveText('Emoji must be an emoji')
    await expect(preview).toHaveText('🦩')

    const popular = page.getByRole('group', { name: 'Popular' }).getByRole('button')
    await expect(popular).toHaveCount(10)
    await page.getByRole('button', { name: 'Sign of the horns' }).click()
    await expect(preview).toHaveText('🤘')
  })

  for (const [screen, size, columns] of [
    ['a phone', { width: 390, height: 844 }, 4],
    ['a desktop', { width: 1280, height: 800 }, 8],
  ] as const) {
    test(`on ${screen} the emoji grid is one Tab stop, and the arrows move by its ${columns} columns`, async ({
      page,
    }) => {
      await page.setViewportSize(size)
      const focusedEmoji = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
      // Into the grid and out of it: one Tab each way.
      await page.getByRole('tab', { name: 'Festival' }).focus()
      await page.keyboard.press('Tab')
      expect(await focusedEmoji()).toBe('Party popper')
      await page.keyboard.press('Tab')
      await expect(page.getByLabel('Username')).toBeFocused()
      await page.keyboard.press('Shift+Tab')
      expect(await focusedEmoji()).toBe('Party popper')

      await page.keyboard.press('ArrowRight')
      expect(await focusedEmoji()).toBe('Musical notes')
      // Down lands on the button seen below: four on in a phone's rows, eight on a desktop's.
      await page.keyboard.press('ArrowDown')
      expect(await focusedEmoji()).toBe(columns === 4 ? 'Circus tent' : 'Fire')
      const below = page.getByRole('button', {
        name: columns === 4 ? 'Circus tent' : 'Fire',
        exact: true,
      })
      const above = page.getByRole('button', { name: 'Musical notes' })
      const [aboveBox, belowBox] = [await above.boundingBox(), await below.boundingBox()]
      expect(Math.abs(aboveBox!.x - belowBox!.x)).toBeLessThan(2)
      expect(belowBox!.y).toBeGreaterThan(aboveBox!.y)
      await page.keyboard.press('End')
      expect(await focusedEmoji()).toBe(columns === 4 ? 'Camping' : 'Sleeping face')
      await page.keyboard.press('Control+Home')
      expect(await focusedEmoji()).toBe('Party popper')
      // Moving is not choosing; Space chooses.
      await expect(page.getByRole('status', { name: 'Selected vibe' })).toHaveText('🎉')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('Space')
      await expect(page.getByRole('status', { name: 'Selected vibe' })).toHaveText('🎶')
      // The grid's Tab stop is now the emoji last moved to.
      await page.keyboard.press('Tab')
      await page.keyboard.press('Shift+Tab')
      expect(await focusedEmoji()).toBe('Musical notes')
    })
  }
})
