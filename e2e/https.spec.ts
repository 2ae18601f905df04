import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get as httpsGet } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, request as playwrightRequest } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.mjs'
import { freePort } from '../scripts/free-port.mjs'
import { hasOpenssl, makeCertificate } from '../server/test/certificate'
import { openSignedIn } from './support/accounts'
import { expect, test } from './support/fixtures'
import { controlledByWorker } from './support/offline'
import { PHONE } from './support/schedule'
import { E2E_TMP_DIR, serverSettings } from './support/servers'
import { fanWithVibe, feedEntry, waitUntilLive } from './support/vibes'

// ADR 041: on one machine without a proxy, the app serves HTTPS itself, and a phone gets the
// whole app: a secure page, so the service worker (offline, installing, reminders) and the live
// channel over wss.

/** The server process with TLS_CERT_FILE/TLS_KEY_FILE, ready; its address and how to stop it. */
async function httpsServer(certificate: string, key: string) {
  const port = await freePort()
  const name = 'https'
  rmSync(`${E2E_TMP_DIR}/${name}`, { recursive: true, force: true })
  const settings = serverSettings(port, name, `sqlite:${E2E_TMP_DIR}/${name}/app.db`, {
    TLS_CERT_FILE: certificate,
    TLS_KEY_FILE: key,
    PUBLIC_URL: `https://127.0.0.1:${port}`,
  })
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...settings.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseURL = `https://127.0.0.1:${port}`
  const ca = readFileSync(certificate, 'utf8')
  const ready = () =>
    new Promise<boolean>((resolve) => {
      httpsGet(`${baseURL}/readyz`, { ca, agent: false }, (response) => {
        response.resume()
        resolve(response.statusCode === 200)
      }).on('error', () => resolve(false))
    })
  const deadline = Date.now() + 15_000
  while (!(await ready())) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error('the HTTPS server did not get ready')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { baseURL, stop: () => child.kill('SIGKILL') }
}

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

test('served over its own HTTPS, the app is a secure page: its service worker and the live channel over wss', async ({
  shoot,
}) => {
  test.slow()
  // Debian always has openssl, and .ci/run makes sure of it; elsewhere the story says what it needs.
  test.skip(!hasOpenssl() && !process.env.CI, 'openssl is needed to make the certificate')
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-e2e-tls-'))
  const { certificate, key } = makeCertificate(dir)
  const server = await httpsServer(certificate, key)
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
    expect(errors).toEqual([])
  } finally {
    await api.dispose()
    await browser.close()
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
