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

/** Waits for the server to write a mail of `kind` to `to` in its outbox, and returns it. */
export async function waitForMail(outboxDir: string, to: string, kind: OutboxMail['kind']) {
  let found: OutboxMail | undefined
  await expect
    .poll(
      () => {
        if (!existsSync(outboxDir)) return undefined
        found = readdirSync(outboxDir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(join(outboxDir, name), 'utf8')) as OutboxMail)
          .filter((mail) => mail.to === to && mail.kind === kind)
          .at(-1)
        return found
      },
      { timeout: 10_000 },
    )
    .toBeTruthy()
  return found!
}
