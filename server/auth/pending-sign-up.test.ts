import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { writeTransaction } from '../db/database'
import {
  followLink,
  fragmentOf,
  latestMail,
  recover,
  signIn,
  signUp,
  storedAccount,
  uniqueEmail,
} from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { createTestApp, useTestApp } from '../test/test-app'

const SITE = 'http://festival.test'
const ATTACKER_PASSWORD = 'attacker chose this passphrase'
const VICTIM_PASSWORD = 'the real owner picked this one'

describe('sign-up while e-mail confirmation is on', () => {
  const clock = createFakeClock()
  const t = useTestApp({ AUTH_EMAIL_CONFIRMATION: 'true', PUBLIC_URL: SITE }, { now: clock.now })

  /** A sign-up and the work it leaves for the queue (the account's write and its mail). */
  const signUpAndWait = async (email: string, password: string) => {
    const answer = await signUp(t, email, password)
    await t.app.ctx.auth.mailSent()
    return answer
  }

  it("an attacker's pre-registration never leaves the owner confirming the attacker's password", async () => {
    const victim = uniqueEmail('victim')
    expect((await signUp(t, victim, ATTACKER_PASSWORD)).statusCode).toBe(200)
    const attackersLink = (await latestMail(t.outbox, victim)).link
    clock.advance(60_000)
    expect((await signUp(t, victim, VICTIM_PASSWORD)).statusCode).toBe(200)

    // The owner follows the newest link in their mailbox and is signed in.
    const newest = await latestMail(t.outbox, victim, { count: 2 })
    const confirmed = await followLink(t, newest.link)
    expect(fragmentOf(confirmed.headers.location).get('type')).toBe('signup')

    expect((await signIn(t, victim, ATTACKER_PASSWORD)).json().code).toBe('invalid_credentials')
    expect((await signIn(t, victim, VICTIM_PASSWORD)).statusCode).toBe(200)
    // The link the attacker's sign-up sent is void.
    const stale = await followLink(t, attackersLink)
    expect(fragmentOf(stale.headers.location).get('error_code')).toBe('otp_expired')
  })

  it('a repeated sign-up ends every session the unconfirmed account had', async () => {
    const email = uniqueEmail()
    await signUpAndWait(email, ATTACKER_PASSWORD)
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    // Sessions of an unconfirmed account exist when confirmation was switched on after it signed in.
    const now = clock.now()
    await t.database.db
      .insertInto('auth_sessions')
      .values({
        id: `s-${now}`,
        user_id: user.id,
        created_at: now,
        refreshed_at: now,
        user_agent: null,
        ip: null,
      })
      .execute()
    await signUpAndWait(email, VICTIM_PASSWORD)
    const left = await t.database.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(left).toEqual([])
  })

  it('new, unconfirmed and confirmed addresses get answers that differ only in a random id', async () => {
    const confirmedEmail = uniqueEmail('confirmed')
    await signUp(t, confirmedEmail, VICTIM_PASSWORD)
    await followLink(t, (await latestMail(t.outbox, confirmedEmail)).link)
    const pendingEmail = uniqueEmail('pending')
    await signUp(t, pendingEmail, VICTIM_PASSWORD)
    clock.advance(3_600_000)

    const answers = []
    for (const email of [uniqueEmail('new'), pendingEmail, confirmedEmail]) {
      const response = await signUp(t, email, ATTACKER_PASSWORD)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      // What an outsider could compare once the address itself and the id are set aside.
      const ids = new Set([body.id, body.identities?.[0]?.id, body.identities?.[0]?.user_id])
      expect(ids.size).toBe(1)
      answers.push(JSON.stringify(body).replaceAll(body.id, 'ID').replaceAll(email, 'EMAIL'))
    }
    expect(answers[1]).toBe(answers[0])
    expect(answers[2]).toBe(answers[0])
    expect(JSON.parse(answers[0]!)).toMatchObject({
      email_confirmed_at: null,
      confirmation_sent_at: new Date(clock.now()).toISOString(),
      identities: [{ provider: 'email' }],
    })
  })

  it('the answer waits for no write, so a new address and a taken one cost the same', async () => {
    const email = uniqueEmail('blocked')
    // Holds the user counter's row (on SQLite, every write) until released: a sign-up that
    // wrote on the request path would not answer until then.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const holding = new Promise<void>((resolve) => {
      locked = resolve
    })
    const blocker = writeTransaction(t.database, async (trx) => {
      await trx
        .updateTable('counters')
        .set({ value: sql`value` })
        .where('name', '=', 'users')
        .execute()
      locked()
      await released
    })
    await holding
    try {
      const answer = await Promise.race([
        signUp(t, email, VICTIM_PASSWORD),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5000)),
      ])
      // (No read here: on SQLite it would wait for the held write too.)
      expect(answer === 'waited' ? answer : answer.statusCode).toBe(200)
    } finally {
      release()
      await blocker
    }
    // The queue stores the account once the write can go ahead, and mails its link.
    expect((await latestMail(t.outbox, email)).kind).toBe('confirmation')
    expect(await storedAccount(t, email)).toMatchObject({ email, email_confirmed_at: null })
  })

  it('the answer does not wait for the mail', async () => {
    // A mail server that accepts connections and never says a word: delivery hangs for minutes.
    const { createServer } = await import('node:net')
    const connections = new Set<import('node:net').Socket>()
    const silent = createServer((socket) => void connections.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    const slow = await createTestApp({
      AUTH_EMAIL_CONFIRMATION: 'true',
      SMTP_URL: `smtp://127.0.0.1:${port}?connectionTimeout=60000&greetingTimeout=60000`,
      PUBLIC_URL: SITE,
    })
    try {
      const email = uniqueEmail()
      const signedUp = await signUp(slow, email, VICTIM_PASSWORD)
      expect(signedUp.statusCode).toBe(200)
      const recovered = await recover(slow, email)
      expect(recovered.statusCode).toBe(200)
      // Delivery did start, and hangs, after both answers went out.
      await expect.poll(() => connections.size, { timeout: 5000 }).toBeGreaterThan(0)
    } finally {
      // Closing waits for queued mail: hang up on it, so delivery fails at once.
      for (const socket of connections) socket.destroy()
      silent.close()
      await slow.close()
    }
  })
})
