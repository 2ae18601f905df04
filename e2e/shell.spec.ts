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
  })
})
