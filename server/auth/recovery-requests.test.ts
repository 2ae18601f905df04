import { describe, expect, it } from 'vitest'
import {
  latestMail,
  mailsTo,
  recover as recoverFor,
  signUp,
  statusesOf,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

describe('password recovery requests reveal nothing about an address', () => {
  const clock = createFakeClock()
  const t = useTestApp(
    {
      RATE_LIMIT: 'on',
      RATE_LIMIT_RECOVER_PER_IP: '1000',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_EMAIL_PER_ADDRESS: '5',
    },
    { now: clock.now },
  )

  const recover = (email: string) => recoverFor(t, email)

  it('the per-address limit counts unknown and registered addresses alike', async () => {
    const registered = uniqueEmail('registered')
    await signUp(t, registered)
    clock.advance(300_000) // a later window than the sign-up's
    const statuses = (email: string) => statusesOf(6, () => recover(email))
    const forUnknown = await statuses(uniqueEmail('unknown'))
    const forRegistered = await statuses(registered)
    expect(forUnknown).toEqual([200, 200, 200, 200, 200, 429])
    expect(forRegistered).toEqual(forUnknown)
    // The registered address got its mails all the same, off the request path.
    await latestMail(t.outbox, registered, { count: 5, kind: 'recovery' })
  })

  it('an unknown address gets no mail and the same empty answer', async () => {
    const unknown = uniqueEmail('nobody')
    const response = await recover(unknown)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({})
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(mailsTo(t.outbox, unknown)).toEqual([])
  })
})
