import { expect, test } from './support/fixtures'

test.describe('the app shell @smoke', () => {
  test('an unknown path shows the not-found page, which leads home', async ({ page, shoot }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await shoot(page, 'not-found')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the main route has the app title', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: /VibeConnect/ })).toBeVisible()
    await expect(page).toHaveTitle('VibeConnect')
    // Written out, so the toasts read it instead of computing the page's style (index.html).
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  })

  test('the tab and home-screen icons are PNGs the server sends', async ({ page, request }) => {
    await page.goto('/')
    // PNGs, not the SVG they come from: Chromium sets an SVG favicon up on the page's main thread.
    for (const rel of ['icon', 'apple-touch-icon']) {
      const href = await page.locator(`link[rel="${rel}"]`).getAttribute('href')
      expect(href, rel).toMatch(/\.png$/)
      const response = await request.get(href!)
      expect(response.status(), href!).toBe(200)
      expect(response.headers()['content-type']).toBe('image/png')
    }
  })
})
