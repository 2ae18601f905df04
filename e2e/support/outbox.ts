import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'

interface OutboxMail {
  to: string
  kind: 'confirmation' | 'recovery' | 'reauthentication'
  link: string
  code?: string
  subject: string
}

/** The mails of `kind` to `to` in the outbox, oldest first (names start with the time in ms). */
function mailsOf(outboxDir: string, to: string, kind: OutboxMail['kind']): OutboxMail[] {
  if (!existsSync(outboxDir)) return []
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outboxDir, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === to && mail.kind === kind)
}

/**
 * Waits for the server to write `count` mails of `kind` to `to` in its outbox (mail goes out off
 * the request path), and returns them, oldest first.
 */
export async function waitForMails(
  outboxDir: string,
  to: string,
  kind: OutboxMail['kind'],
  count: number,
): Promise<OutboxMail[]> {
  await expect
    .poll(() => mailsOf(outboxDir, to, kind).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count)
  return mailsOf(outboxDir, to, kind)
}

/** Waits for the server to write a mail of `kind` to `to` in its outbox, and returns the newest. */
export async function waitForMail(outboxDir: string, to: string, kind: OutboxMail['kind']) {
  return (await waitForMails(outboxDir, to, kind, 1)).at(-1)!
}
