import { E2E_PASSWORD, newEmail } from './support/accounts'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/outbox'
import { ownServer } from './support/own-server'

// A server that asks for a mailed code on every password change (no sign-in counts as recent),
// as it does on every server once the recovery link's sign-in is more than ten minutes old.
test.describe('a password change that needs a mailed code', () => {
  test('the new-password screen asks for the code, and the password changes with it', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    test.setTimeout(60_000)
    // auth-js logs the first refusal (400 reauthentication_needed) as a failed request.
    allowConsoleError(/status of 400/)
    const server = await ownServer('reauthentication', {
      AUTH_REAUTHENTICATION_WINDOW_S: '0',
    })
    await server.start()
    try {
      const email = newEmail('reauth')
      await request.post(`${server.baseURL}/auth/v1/signup`, {
        data: { email, password: E2E_PASSWORD },
      })
      await request.post(`${server.baseURL}/auth/v1/recover`, { data: { email } })
      const recovery = await waitForMail(server.outboxDir, email, 'recovery')

      await page.goto(recovery.link)
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
      await page.getByLabel('New password').fill('my brand new festival passphrase')
      await page.getByRole('button', { name: 'Save New Password' }).click()
      await expect(page.getByText("We've sent you a verification code.")).toBeVisible()
      const codeField = page.getByLabel('Code from your e-mail')
      await expect(codeField).toBeFocused()
      await expect(codeField).toHaveAccessibleDescription(
        'For your security, enter the 6-digit code we just e-mailed you.',
      )

      const mail = await waitForMail(server.outboxDir, email, 'reauthentication')
      await codeField.fill(mail.code!)
      await page.getByRole('button', { name: 'Save New Password' }).click()
      await expect(page.getByText('Password updated')).toBeVisible()

      const signIn = await request.post(`${server.baseURL}/auth/v1/token?grant_type=password`, {
        data: { email, password: 'my brand new festival passphrase' },
      })
      expect(signIn.status()).toBe(200)
    } finally {
      // The page first: still open, it would go on calling a server that is gone (its refused
      // connections are console errors).
      await page.close()
      await server.kill()
    }
  })
})
