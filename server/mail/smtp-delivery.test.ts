import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, uniqueEmail } from '../test/auth-helpers'
import { createTestApp, type TestApp } from '../test/test-app'

interface Received {
  from: string
  to: string[]
  data: string
}

const SITE = 'http://festival.test'

// With SMTP_URL set, mail goes to a real SMTP server (here a local one that keeps what it gets):
// the path every deployment with a mail relay takes, and the outbox tests never do.
describe('mail over SMTP', () => {
  const received: Received[] = []
  let smtp: SMTPServer
  let t: TestApp

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const { port } = smtp.server.address() as AddressInfo
    t = await createTestApp({
      AUTH_EMAIL_CONFIRMATION: 'true',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'VibeConnect <no-reply@festival.test>',
      PUBLIC_URL: SITE,
    })
  })
  afterAll(async () => {
    await t?.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('delivers the confirmation mail with its link to the address that signed up', async () => {
    const email = uniqueEmail('smtp')
    const answer = await signUp(t, email, 'a long and fine passphrase')
    expect(answer.statusCode).toBe(200)
    await expect.poll(() => received.filter((mail) => mail.to.includes(email)).length).toBe(1)
    const mail = received.find((entry) => entry.to.includes(email))!
    expect(mail.from).toBe('no-reply@festival.test')
    expect(mail.data).toMatch(/^Subject: .+/m)
    // The link in the text part, unwrapped from quoted-printable line breaks.
    const text = mail.data.replace(/=\r\n/g, '').replace(/=3D/g, '=')
    expect(text).toContain(`${SITE}/auth/v1/verify?token=`)
    expect(text).toContain('type=signup')
  })
})
