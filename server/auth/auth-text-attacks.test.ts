import { describe, expect, it } from 'vitest'
import {
  GOOD_PASSWORD,
  signIn,
  signUpUser,
  storedAccount,
  uniqueEmail,
  updateUser,
} from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

// Half of a surrogate pair in a password or an address (issue 15, item 6). Hashing read it as
// U+FFFD, so '\ud800' and '\udbff' were one password; it is refused before any hashing.
const BROKEN = '\ud800'
const brokenPassword = `${GOOD_PASSWORD} ${BROKEN}`
const brokenEmail = () => uniqueEmail().replace('@', `${BROKEN}@`)
const PASSWORD_MESSAGE = 'Password contains a broken character'
const EMAIL_MESSAGE = 'E-mail address contains a broken character'

describe('auth text attacks', () => {
  const t = useTestApp()

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })
  const expectRefused = (
    answer: Awaited<ReturnType<typeof post>>,
    details: Record<string, string>,
  ) => {
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json()).toEqual({
      code: 'validation_failed',
      message: expect.any(String),
      details,
    })
  }

  it('sign-up refuses a broken character in the password or the address and creates nobody', async () => {
    const email = uniqueEmail()
    expectRefused(await post('/auth/v1/signup', { email, password: brokenPassword }), {
      password: PASSWORD_MESSAGE,
    })
    expect(await storedAccount(t, email)).toBeUndefined()

    const broken = brokenEmail()
    expectRefused(await post('/auth/v1/signup', { email: broken, password: GOOD_PASSWORD }), {
      email: EMAIL_MESSAGE,
    })
    expect(await storedAccount(t, broken.toLowerCase())).toBeUndefined()
  })

  it('sign-in and recovery refuse them with the same messages', async () => {
    const user = await signUpUser(t)
    expectRefused(await signIn(t, user.email, brokenPassword), { password: PASSWORD_MESSAGE })
    expectRefused(await signIn(t, brokenEmail()), { email: EMAIL_MESSAGE })
    expectRefused(await post('/auth/v1/recover', { email: brokenEmail() }), {
      email: EMAIL_MESSAGE,
    })
  })

  it('a password change refuses a broken character and keeps the old password', async () => {
    const user = await signUpUser(t)
    const answer = await updateUser(t, user.accessToken, { password: brokenPassword })
    expectRefused(answer, { password: PASSWORD_MESSAGE })
    expect((await signIn(t, user.email)).statusCode).toBe(200)
  })

  it('any other character is fine in a password: it signs up and signs in', async () => {
    // Invisible, combining, right-to-left, astral and control characters alike.
    const password = `🔑 пароль\u200b\u200d秘密 e${'\u0301'.repeat(8)} \u202Eevil\u0000\t${'\u3164'}`
    const email = uniqueEmail()
    const signedUp = await post('/auth/v1/signup', { email, password })
    expect(signedUp.statusCode, signedUp.body).toBe(200)
    expect((await signIn(t, email, password)).statusCode).toBe(200)
    // Its lookalike without the invisible characters is another password.
    const lookalike = password.replace(/[\u200b\u200d]/g, '')
    expect((await signIn(t, email, lookalike)).json().code).toBe('invalid_credentials')
  })
})
