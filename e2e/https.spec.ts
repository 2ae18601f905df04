import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, request as playwrightRequest } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.mjs'
import { freePort } from '../scripts/free-port.mjs'
import { hasOpenssl, makeCertificate } from '../server/test/certificate'
import { openSignedIn } from './support/accounts'
import { expect, test } from './support/fixtures'
import { controlledByWorker } from './support/offline'
import { ownServer } from './support/own-server'
import { PHONE } from './support/schedule'
import { fanWithVibe, feedEntry, waitUntilLive } from './support/vibes'

// ADR 041: on one machine without a proxy, the app serves HTTPS itself, and a phone gets the
// whole app: a secure page, so the service worker (offline, installing, reminders) and the live
// channel over wss.

/** Chromium's way to trust one self-signed certificate as a phone trusts a real one. */
const spkiHash = (certificate: string) =>
  createHash('sha256')
    .update(
      new X509Certificate(readFileSync(certificate)).publicKey.export({
        type: 'spki',
        format: 'der',
      }),
    )
    .digest('base64')

test('served over its own HTTPS, the app is a secure page: its service worker, the live channel over wss, and plain HTTP sent there', async ({
  shoot,
}) => {
  test.slow()
  // Debian always has openssl, and .ci/run makes sure of it; elsewhere the story says what it needs.
  test.skip(!hasOpenssl() && !process.env.CI, 'openssl is needed to make the certificate')
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-e2e-tls-'))
  const { certificate, key } = makeCertificate(dir)
  // Plain HTTP on a port of its own sends browsers to the HTTPS address (port 80 in production).
  const redirectPort = await freePort()
  const server = await ownServer(
    'https',
    { HTTP_REDIRECT_PORT: String(redirectPort) },
    { tls: { certificate, key } },
  )
  await server.start()
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--ignore-certificate-errors-spki-list=${spkiHash(certificate)}`],
  })
  const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true })
  try {
    const fan = await fanWithVibe(api, server.baseURL, { status: 'Secure at the main stage' })
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE })
    const errors: string[] = []
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await openSignedIn(page, fan.account)
    await expect(feedEntry(page, fan.vibe.username)).toContainText('Secure at the main stage')
    expect(await page.evaluate(() => [window.isSecureContext, location.protocol])).toEqual([
      true,
      'https:',
    ])
    // The live channel, upgraded on the same TLS port.
    await waitUntilLive(page)
    // A service worker registers only on a secure page.
    await controlledByWorker(page)
    const answer = await api.get(`${server.baseURL}/api/festival`)
    expect(answer.headers()['strict-transport-security']).toBe('max-age=31536000')
    await shoot(page, 'https-own-certificate-phone')
    // The address typed without https:// (or an old http:// link) lands in the same app.
    const typed = await context.newPage()
    await typed.goto(`http://127.0.0.1:${redirectPort}/`)
    expect(typed.url()).toBe(`${server.baseURL}/`)
    await expect(feedEntry(typed, fan.vibe.username)).toContainText('Secure at the main stage')
    expect(errors).toEqual([])
  } finally {
    await api.dispose()
    await browser.close()
    await server.kill()
    rmSync(dir, { recursive: true, force: true })
  }
})
