import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../db/owner-only'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** The one link (or code) the mail is about; kept in outbox files so tests and developers can use it. */
  link?: string
  code?: string
  kind: 'confirmation' | 'recovery' | 'reauthentication'
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
        const { link: _link, code: _code, kind, ...content } = mail
        await transport.sendMail({ from: options.from, ...content })
        options.log.info({ kind }, 'mail sent')
      },
    }
  }
  const dir = resolve(options.outboxDir)
  let sequence = 0
  return {
    async send(mail) {
      // Outbox mails hold live sign-in links: readable by the owner alone, whatever the umask.
      await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR })
      sequence += 1
      const name = `${Date.now()}-${process.pid}-${sequence}-${mail.kind}.json`
      // Written aside and renamed into place, so a reader never sees half a mail.
      const partial = join(dir, `.${name}.partial`)
      await writeFile(
        partial,
        JSON.stringify({ from: options.from, sentAt: new Date().toISOString(), ...mail }, null, 2),
        { mode: OWNER_ONLY_FILE },
      )
      await rename(partial, join(dir, name))
      options.log.info({ kind: mail.kind, file: name }, 'mail written to outbox')
    },
  }
}
