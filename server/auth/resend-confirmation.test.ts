import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createAuthClient,
  followLink,
  fragmentOf,
  latestMail,
  mailsTo,
  signIn,
  signUp as signUpAt,
  statusesOf,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

const SITE = 'http://festival.test'

describe('POST /auth/v1/resend: a sign-up confirmation link sent again', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      AUTH_EMAIL_CONFIRMATION: 'true',
      PUBLIC_URL: SITE,
      RATE_LIMIT: 'on',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '3',
      RATE_LIMIT_RECOVER_PER_IP: '1000',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
    },
    { now: clock.now },
  )
  let baseUrl: string
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  const signUp = (email: string) => signUpAt(t, email)
  const resend = (email: string, type = 'signup') =>
    t.app.inject({ method: 'POST', url: '/auth/v1/resend', payload: { email, type } })
  /** A new window of every rate limit: the sign-ups before do not count in the next. */
  const nextWindow = () => clock.advance(300_000)
  /** An account that followed its link. */
  const confirmedAccount = async () => {
    const email = uniqueEmail('confirmed')
    await signUp(email)
    await followLink(t, (await latestMail(t.outbox, email)).link)
    return email
  }

  it('through auth-js: the newest link signs in, back to the page asked for, and voids the first', async () => {
    const email = uniqueEmail('pending')
    await signUp(email)
    const first = await latestMail(t.outbox, email, { kind: 'confirmation' })
    nextWindow()

    const { error } = await createAuthClient(baseUrl).resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${SITE}/?welcome` },
    })
    expect(error).toBeNull()
    const newest = await latestMail(t.outbox, email, { count: 2, kind: 'confirmation' })
    expect(newest.link).not.toBe(first.link)

    const followed = await followLink(t, newest.link)
    expect(followed.statusCode).toBe(303)
    expect(String(followed.headers.location)).toMatch(/^http:\/\/festival\.test\/\?welcome#/)
    expect(fragmentOf(followed.headers.location).get('access_token')).toBeTruthy()
    expect((await signIn(t, email)).statusCode).toBe(200)
    const stale = await followLink(t, first.link)
    expect(fragmentOf(stale.headers.location).get('error_code')).toBe('otp_expired')
  })

  it('answers every address alike and mails only one still waiting for confirmation', async () => {
    const pending = uniqueEmail('pending')
    await signUp(pending)
    await latestMail(t.outbox, pending)
    const confirmed = await confirmedAccount()
    const unknown = uniqueEmail('unknown')
    nextWindow()
    const accounts = { pending, confirmed, unknown }

    // Any address, in any spelling the schema accepts, in any order: one answer.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(accounts)),
        fc.boolean(),
        fc.constantFrom('', ' ', '\t'),
        async (which, shout, space) => {
          const email = accounts[which as keyof typeof accounts]
          const answer = await resend(`${space}${shout ? email.toUpperCase() : email}${space}`)
          expect({ status: answer.statusCode, body: answer.body }).toEqual({
            status: 200,
            body: '{}',
          })
          nextWindow()
        },
      ),
      { numRuns: 30 },
    )
    expect((await resend(pending)).statusCode).toBe(200)
    await t.app.ctx.auth.mailSent()
    expect(mailsTo(t.outbox, unknown)).toEqual([])
    const kinds = (email: string) => mailsTo(t.outbox, email).map((mail) => mail.kind)
    expect(kinds(confirmed)).toEqual(['confirmation'])
    expect(kinds(pending).length).toBeGreaterThan(1)
  })

  it('counts against the address whether or not it has an account, then answers 429', async () => {
    const pending = uniqueEmail('pending')
    await signUp(pending)
    nextWindow()
    const statuses = (email: string) => statusesOf(4, () => resend(email))
    const forUnknown = await statuses(uniqueEmail('unknown'))
    expect(forUnknown).toEqual([200, 200, 200, 429])
    expect(await statuses(pending)).toEqual(forUnknown)
    expect(await statuses(await confirmedAccount().finally(nextWindow))).toEqual(forUnknown)
  })

  it('sends only sign-up confirmations again', async () => {
    for (const type of ['email_change', 'sms', 'recovery', '']) {
      const answer = await resend(uniqueEmail(), type)
      expect(answer.statusCode, type).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
    }
  })
})
