import { describe, expect, it } from 'vitest'
import {
  bearer,
  GOOD_PASSWORD,
  latestMail,
  signIn,
  signUpUser,
  statusesOf,
  updateUser,
  withNewAccessToken,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const NEW_PASSWORD = 'an entirely new passphrase'

describe('a password change needs a recent sign-in or a mailed code', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      AUTH_REAUTHENTICATION_WINDOW_S: '600',
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '5',
    },
    { now: clock.now },
  )

  const changePassword = (accessToken: string, payload: Record<string, string>) =>
    updateUser(t, accessToken, payload)
  const askForCode = (accessToken: string) =>
    t.app.inject({ url: '/auth/v1/reauthenticate', headers: bearer(accessToken) })
  /** An access token of a session signed in long ago, as a thief would hold it. */
  const staleToken = async () => {
    const user = await signUpUser(t)
    clock.advance(3_600_000)
    return withNewAccessToken(t, user)
  }

  it('a stolen access token of an old session cannot set a password, nor test guesses', async () => {
    const user = await staleToken()
    const attempt = await changePassword(user.accessToken, { password: NEW_PASSWORD })
    expect(attempt.statusCode).toBe(400)
    expect(attempt.json().code).toBe('reauthentication_needed')
    // Not even `same_password` is answered, which would confirm a guess of the current one.
    const guess = await changePassword(user.accessToken, { password: GOOD_PASSWORD })
    expect(guess.json().code).toBe('reauthentication_needed')
    expect((await signIn(t, user.email)).statusCode).toBe(200)
  })

  it('the mailed code lets the owner change it once', async () => {
    const user = await staleToken()
    expect((await askForCode(user.accessToken)).statusCode).toBe(200)
    const mail = await latestMail(t.outbox, user.email, { kind: 'reauthentication' })
    expect(mail.code).toMatch(/^\d{6}$/)
    expect(mail.text).toContain(mail.code)

    const wrong = await changePassword(user.accessToken, {
      password: NEW_PASSWORD,
      nonce: '000000' === mail.code ? '111111' : '000000',
    })
    expect(wrong.json().code).toBe('reauthentication_not_valid')
    const changed = await changePassword(user.accessToken, {
      password: NEW_PASSWORD,
      nonce: mail.code!,
    })
    expect(changed.statusCode).toBe(200)
    expect((await signIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200)
    const again = await changePassword(user.accessToken, {
      password: 'yet another long passphrase',
      nonce: mail.code!,
    })
    expect(again.json().code).toBe('reauthentication_not_valid')
  })

  it('a newer code voids the older one, and codes expire', async () => {
    const user = await staleToken()
    await askForCode(user.accessToken)
    const older = (await latestMail(t.outbox, user.email, { kind: 'reauthentication' })).code!
    await askForCode(user.accessToken)
    const newer = (await latestMail(t.outbox, user.email, { kind: 'reauthentication', count: 2 }))
      .code!
    if (older !== newer) {
      const stale = await changePassword(user.accessToken, { password: NEW_PASSWORD, nonce: older })
      expect(stale.json().code).toBe('reauthentication_not_valid')
    }
    clock.advance(11 * 60_000)
    const expired = await changePassword(user.accessToken, { password: NEW_PASSWORD, nonce: newer })
    expect(expired.json().code).toBe('reauthentication_not_valid')
  })

  it('guessing codes is cut off by the attempt limit', async () => {
    const user = await staleToken()
    await askForCode(user.accessToken)
    const code = (await latestMail(t.outbox, user.email, { kind: 'reauthentication' })).code!
    const statuses = await statusesOf(6, (attempt) => {
      const guess = String((Number(code) + 1 + attempt) % 1_000_000).padStart(6, '0')
      return changePassword(user.accessToken, { password: NEW_PASSWORD, nonce: guess })
    })
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    const right = await changePassword(user.accessToken, { password: NEW_PASSWORD, nonce: code })
    expect(right.statusCode).toBe(429)
  })

  it('a fresh sign-in (or a recovery link) needs no code', async () => {
    const user = await signUpUser(t)
    clock.advance(60_000)
    const changed = await changePassword(user.accessToken, { password: NEW_PASSWORD })
    expect(changed.statusCode).toBe(200)
  })
})
