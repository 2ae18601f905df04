import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the mail is about; kept in outbox files so tests and developers can follow it. */
  link: string
  kind: 'confirmation' | 'recovery'
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

/** SMTP when SMTP_URL is set; otherwise one JSON file per mail in the outbox folder. */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  outboxDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        const { link: _link, kind, ...content } = mail
        await transport.sendMail({ from: options.from, ...content })
        options.log.info({ kind }, 'mail sent')
      },
    }
  }
  const dir = resolve(options.outboxDir)
  let sequence = 0
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true })
      sequence += 1
      const name = `${Date.now()}-${process.pid}-${sequence}-${mail.kind}.json`
      const file = join(dir, name)
      await writeFile(
        file,
        JSON.stringify({ from: options.from, sentAt: new Date().toISOString(), ...mail }, null, 2),
      )
      options.log.info({ kind: mail.kind, file: name }, 'mail written to outbox')
    },
  }
}
