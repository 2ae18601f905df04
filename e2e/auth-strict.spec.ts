import { E2E_PASSWORD, newEmail } from './support/accounts'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/outbox'
import { serverFor } from './support/servers'

// These stories run against the server with e-mail confirmation on and 15-second access tokens.
test.describe('e-mail links and short sessions @strict', () => {
  test('sign-up asks to check e-mail; the link from the outbox signs the user in', async ({
    page,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/)
    const email = newEmail('confirm')
    await page.goto('/')
    await page.getByRole('button', { name: 'Create New Account' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Create Account & Connect' }).click()
    await expect(page.getByText('Check your email!')).toBeVisible()
    await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible()

    // Not confirmed yet: signing in is refused with the server's reason.
    await page.getByRole('button', { name: 'Already have an account? Sign In' }).click()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Email not confirmed')).toBeVisible()

    const mail = await waitForMail(serverFor(baseURL).outboxDir, email, 'confirmation')
    await page.goto(mail.link)
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
    await expect(page.getByText(/Set Your Vibe!|Who's Vibin'\?/)).toBeVisible()
    // The tokens were taken out of the address bar.
    expect(page.url()).not.toContain('access_token')
  })

  test('a forgotten password is reset through the mailed link, and the new one works', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = newEmail('recover')
    await request.post(`${baseURL}/auth/v1/signup`, { data: { email, password: E2E_PASSWORD } })
    const confirmation = await waitForMail(serverFor(baseURL).outboxDir, email, 'confirmation')
    await request.get(confirmation.link, { maxRedirects: 0 })

    await page.goto('/')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Check your email!')).toBeVisible()

    const mail = await waitForMail(serverFor(baseURL).outboxDir, email, 'recovery')
    await page.goto(mail.link)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel('New password').fill('my brand new festival passphrase')
    await page.getByRole('button', { name: 'Save New Password' }).click()
    await expect(page.getByText('Password updated')).toBeVisible()

    const signIn = await request.post(`${baseURL}/auth/v1/token?grant_type=password`, {
      data: { email, password: 'my brand new festival passphrase' },
    })
    expect(signIn.status()).toBe(200)
    const old = await request.post(`${baseURL}/auth/v1/token?grant_type=password`, {
      data: { email, password: E2E_PASSWORD },
    })
    expect(old.status()).toBe(400)
  })

  test('with short-lived tokens the session refreshes by itself and the user stays signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const email = newEmail('refresh')
    await request.post(`${baseURL}/auth/v1/signup`, { data: { email, password: E2E_PASSWORD } })
    const confirmation = await waitForMail(serverFor(baseURL).outboxDir, email, 'confirmation')
    await request.get(confirmation.link, { maxRedirects: 0 })

    await page.goto('/')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
    const stored = () =>
      page.evaluate(
        () =>
          JSON.parse(window.localStorage.getItem('vibeconnect.auth') ?? '{}') as {
            refresh_token?: string
            expires_at?: number
          },
      )
    const first = await stored()
    expect(first.refresh_token).toBeTruthy()

    // auth-js refreshes on its own (its 30-second tick, since the token expires within its margin).
    // Refresh tokens rotate, so a new stored refresh token proves a refresh was made and kept. The
    // access token alone cannot prove it: two tokens minted in the same second are identical.
    await expect
      .poll(async () => (await stored()).refresh_token, { timeout: 45_000 })
      .not.toBe(first.refresh_token)

    // Wait until the first access token has expired: the stored session is still good.
    const firstExpiryMs = (first.expires_at ?? 0) * 1000
    await page.waitForTimeout(Math.max(0, firstExpiryMs - Date.now() + 1000))
    await expect
      .poll(async () => ((await stored()).expires_at ?? 0) * 1000, { timeout: 45_000 })
      .toBeGreaterThan(Date.now())

    // After the first token has expired, a reload still finds the user signed in.
    await page.reload()
    await expect(page.getByText(/Set Your Vibe!|Who's Vibin'\?/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
  })
})
