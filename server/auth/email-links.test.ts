import { describe, expect, it } from 'vitest'
import {
  followLink,
  fragmentOf,
  GOOD_PASSWORD,
  getUser,
  latestMail,
  recover,
  signIn as signInTo,
  uniqueEmail,
  updateUser,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const SITE = 'http://festival.test'

describe('e-mail confirmation and password recovery', () => {
  const clock = createFakeClock()
  const t = useTestApp({ AUTH_EMAIL_CONFIRMATION: 'true', PUBLIC_URL: SITE }, { now: clock.now })

  const signUp = (email: string, password = GOOD_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/auth/v1/signup?redirect_to=${encodeURIComponent(`${SITE}/`)}`,
      payload: { email, password },
    })
  const signIn = (email: string, password = GOOD_PASSWORD) => signInTo(t, email, password)
  const follow = (link: string) => followLink(t, link)

  it('sign-up mails a link; sign-in waits for it; the link signs in once', async () => {
    const email = uniqueEmail()
    const response = await signUp(email)
    expect(response.statusCode).toBe(200)
    expect(response.json()).not.toHaveProperty('access_token')
    expect(response.json()).toMatchObject({ email, email_confirmed_at: null })

    // The account is stored off the request path, before its mail goes out (ADR 018).
    const mail = await latestMail(t.outbox, email)
    expect(mail.kind).toBe('confirmation')
    const before = await signIn(email)
    expect(before.statusCode).toBe(400)
    expect(before.json().code).toBe('email_not_confirmed')

    const redirect = await follow(mail.link)
    expect(redirect.statusCode).toBe(303)
    const location = String(redirect.headers.location)
    expect(location.startsWith(`${SITE}/#`)).toBe(true)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    const me = await getUser(t, fragment.get('access_token')!)
    expect(me.json().email_confirmed_at).not.toBeNull()
    expect((await signIn(email)).statusCode).toBe(200)

    const again = await follow(mail.link)
    expect(fragmentOf(String(again.headers.location)).get('error_code')).toBe('otp_expired')
  })

  it('a taken address answers like a new one and reveals nothing', async () => {
    const email = uniqueEmail()
    const first = await signUp(email)
    const second = await signUp(email, 'another long passphrase')
    expect(second.statusCode).toBe(first.statusCode)
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort())
    expect(second.json().id).not.toBe(first.json().id)
  })

  it('links expire after an hour', async () => {
    const email = uniqueEmail()
    await signUp(email)
    clock.advance(3_601_000)
    const response = await follow((await latestMail(t.outbox, email)).link)
    expect(fragmentOf(String(response.headers.location)).get('error_code')).toBe('otp_expired')
  })

  it('recovery mails a link that signs in for a new password, which then works', async () => {
    const email = uniqueEmail()
    await signUp(email)
    await follow((await latestMail(t.outbox, email)).link)

    const unknown = await recover(t, uniqueEmail())
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({})
    const known = await recover(t, email)
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual({})

    const mail = await latestMail(t.outbox, email, { kind: 'recovery' })
    expect(mail.kind).toBe('recovery')
    const fragment = fragmentOf(String((await follow(mail.link)).headers.location))
    expect(fragment.get('type')).toBe('recovery')
    const token = fragment.get('access_token')!

    const weak = await updateUser(t, token, { password: 'short' })
    expect(weak.statusCode).toBe(422)
    expect(weak.json()).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })

    const updated = await updateUser(t, token, { password: 'a brand new passphrase' })
    expect(updated.statusCode).toBe(200)
    expect((await signIn(email)).json().code).toBe('invalid_credentials')
    expect((await signIn(email, 'a brand new passphrase')).statusCode).toBe(200)
  })

  it('never redirects to another site', async () => {
    const email = uniqueEmail()
    await t.app.inject({
      method: 'POST',
      url: `/auth/v1/signup?redirect_to=${encodeURIComponent('https://evil.test/steal')}`,
      payload: { email, password: GOOD_PASSWORD },
    })
    const response = await follow((await latestMail(t.outbox, email)).link)
    expect(String(response.headers.location).startsWith(`${SITE}/#`)).toBe(true)
  })
})
