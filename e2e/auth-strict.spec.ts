import type { APIRequestContext } from '@playwright/test'
import { E2E_PASSWORD, newEmail } from './support/accounts'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/outbox'
import { serverFor } from './support/servers'

// These stories run against the server with e-mail confirmation on and 2-minute access tokens.

/** auth-js checks the session every 30 s and refreshes one that expires within 120 s. */
const AUTH_JS_TICK_MS = 30_000

/** Signs up through the API and follows the mailed confirmation link; returns the address. */
async function confirmedAccount(request: APIRequestContext, baseURL: string, label: string) {
  const email = newEmail(label)
  await request.post(`${baseURL}/auth/v1/signup`, { data: { email, password: E2E_PASSWORD } })
  const confirmation = await waitForMail(serverFor(baseURL).outboxDir, email, 'confirmation')
  await request.get(confirmation.link, { maxRedirects: 0 })
  return email
}
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

    // The account is stored off the request path, just before its mail goes out (ADR 018).
    const mail = await waitForMail(serverFor(baseURL).outboxDir, email, 'confirmation')
    // Not confirmed yet: signing in is refused with the server's reason.
    await page.getByRole('button', { name: 'Already have an account? Sign In' }).click()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Email not confirmed')).toBeVisible()

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
    const email = await confirmedAccount(request, baseURL!, 'recover')

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

  test('with short-lived tokens the session refreshes by itself before expiry and the user stays signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await confirmedAccount(request, baseURL!, 'refresh')

    // auth-js's clock is Playwright's, so its 30-second tick comes when the story says. The
    // server's clock is real: its 2-minute tokens stay valid for the few real seconds this takes.
    await page.clock.install()
    await page.goto('/')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByText('Welcome to VibeConnect!')).toBeVisible()
    const stored = () =>
      page.evaluate(
        () =>
          JSON.parse(window.localStorage.getItem('vibeconnect.auth') ?? '{}') as {
            access_token?: string
            refresh_token?: string
            expires_at?: number
          },
      )
    const first = await stored()
    expect(first.refresh_token).toBeTruthy()

    // The next tick finds the token expiring within auth-js's 120 s and refreshes it. Refresh
    // tokens rotate, so a new stored refresh token proves a refresh was made and kept. The access
    // token alone cannot prove it: two tokens minted in the same second are identical.
    await page.clock.runFor(AUTH_JS_TICK_MS)
    await expect.poll(async () => (await stored()).refresh_token).not.toBe(first.refresh_token)
    const renewed = await stored()
    // Before expiry: on auth-js's clock the first token still had time left.
    expect(await page.evaluate(() => Date.now())).toBeLessThan((first.expires_at ?? 0) * 1000)
    expect(renewed.expires_at).toBeGreaterThanOrEqual(first.expires_at ?? 0)

    // The renewed session is the one the server now knows the user by.
    const me = await request.get(`${baseURL}/auth/v1/user`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    })
    expect(me.status()).toBe(200)
    expect((await me.json()).email).toBe(email)

    // And a reload finds the user still signed in.
    await page.reload()
    await expect(page.getByText(/Set Your Vibe!|Who's Vibin'\?/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeHidden()
  })
})
