import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'

/**
 * The shared test: fails on any console error the story did not expect, and offers `shoot()`,
 * which saves a screenshot to look at (into docs/screenshots when UPDATE_SCREENSHOTS=1).
 */
export const test = base.extend<{
  /** Declares a console error the story expects (e.g. the browser's log of a 400 response). */
  allowConsoleError: (pattern: RegExp) => void
  shoot: (page: Page, name: string) => Promise<void>
}>({
  allowConsoleError: [
    async ({ context }, use) => {
      const errors: string[] = []
      const allowed: RegExp[] = []
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text())
        })
        page.on('pageerror', (error) => errors.push(error.message))
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use((pattern) => allowed.push(pattern))
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  shoot: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      const dir = process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots'
      const path = `${dir}/${name}.png`
      mkdirSync(dirname(path), { recursive: true })
      await page.screenshot({ path, fullPage: false })
      await testInfo.attach(name, { path, contentType: 'image/png' })
    })
  },
})

export { expect }
