import { E2E_PASSWORD, newEmail, signUpViaApi } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/network'

const STORAGE_KEY = 'vibeconnect.auth'

test.describe('signing in and up', () => {
  test('a newcomer creates an account and lands signed in, and stays signed in on reload @smoke', async ({
    page,
    shoot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    await expect(page.getByText('By connecting, you agree to our Terms of Service.')).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'Connect with Spotify (Coming Soon)' }),
    ).toBeDisabled()
    await expect(page.getByText(/WiFi pre-access powered by Nova Mobile/)).toBeVisible()
    await shoot(page, 'auth-phone')

    await page.getByRole('button', { name: 'Create New Account' }).click()
    await page.getByLabel('E-mail').fill(newEmail())
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Create Account & Connect' }).click()

    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
    await expect(page.getByText('You now have pre-access to the platform.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Account & Connect' })).toBeHidden()
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)
    expect(JSON.parse(stored!).access_token).toBeTruthy()

    await page.reload()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
    await expect(page.getByText(/Set Your Vibe!|Who's Vibin'\?/)).toBeVisible()
  })

  test('the toggle switches between sign-in and sign-up', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Create New Account' }).click()
    await expect(page.getByRole('button', { name: 'Create Account & Connect' })).toBeVisible()
    await page.getByRole('button', { name: 'Already have an account? Sign In' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
  })

  test('a wrong password shows the failure toast and keeps what was typed', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/)
    const account = await signUpViaApi(request, baseURL!)
    await page.goto('/')
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password').fill('not my password')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Authentication failed')).toBeVisible()
    await expect(page.getByText('Invalid login credentials')).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email)
  })

  test('signing in with the right password shows the welcome toast', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signUpViaApi(request, baseURL!)
    await page.goto('/')
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
  })

  test('a weak password is explained in words', async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 422/)
    await page.goto('/')
    await page.getByRole('button', { name: 'Create New Account' }).click()
    await page.getByLabel('E-mail').fill(newEmail())
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Create Account & Connect' }).click()
    await expect(page.getByText('Password should be at least 8 characters.')).toBeVisible()
  })

  test('the loading screen shows while the stored session is checked', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/)
    // An expired stored session makes the client refresh before it knows who is here.
    const expired = {
      access_token: 'expired.token.value',
      refresh_token: 'unknown-refresh-token',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) - 60,
      user: { id: '00000000-0000-0000-0000-000000000000', email: 'gone@example.test' },
    }
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [STORAGE_KEY, JSON.stringify(expired)],
    )
    const release = await holdRequests(page, '**/auth/v1/token?grant_type=refresh_token')
    await page.goto('/')
    await expect(page.getByText('Loading VibeConnect...')).toBeVisible()
    await release()
    // The refresh token is unknown, so the session is dropped and sign-in is offered.
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
  })
})
