import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config'
import { closeHttpsRedirect, type HttpsRedirectConfig, listenHttpsRedirect } from './https-redirect'

// Plain HTTP beside the app's own HTTPS (ADR 041): browsers are sent to HTTPS, certbot's
// challenges are answered, nothing else is served.
const webroot = mkdtempSync(join(tmpdir(), 'vibeconnect-acme-'))
mkdirSync(join(webroot, '.well-known', 'acme-challenge'), { recursive: true })
writeFileSync(join(webroot, '.well-known', 'acme-challenge', 'tok_EN-123'), 'tok_EN-123.thumbprint')
writeFileSync(join(webroot, 'secret.txt'), 'not for the web')
afterAll(() => rmSync(webroot, { recursive: true, force: true }))

const warnings: unknown[] = []
const log = { warn: (details: object) => warnings.push(details) }
const running: Awaited<ReturnType<typeof listenHttpsRedirect>>[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server && closeHttpsRedirect(server)))
})

const base: HttpsRedirectConfig = {
  PORT: 8443,
  PUBLIC_URL: undefined,
  ACME_WEBROOT: undefined,
  HTTP_HEADERS_TIMEOUT_MS: 10_000,
  HTTP_REQUEST_TIMEOUT_MS: 30_000,
  HTTP_CONNECTION_TIMEOUT_MS: 60_000,
}

/** The redirect listening on a free local port, with `config` over the defaults above. */
async function redirect(config: Partial<HttpsRedirectConfig> = {}) {
  const server = await listenHttpsRedirect(
    { ...base, ...config, HOST: '127.0.0.1', HTTP_REDIRECT_PORT: 0 },
    log,
  )
  running.push(server)
  return (server!.address() as AddressInfo).port
}

/** A raw request, so the Host header and the request target are exactly as given. */
function ask(port: number, path: string, { method = 'GET', host = 'festival.example' } = {}) {
  return new Promise<{ status: number; location?: string; body: string; type?: string }>(
    (resolve, reject) => {
      const sent = httpRequest(
        { port, host: '127.0.0.1', path, method, headers: host ? { Host: host } : {} },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              body,
              type: response.headers['content-type'],
            }),
          )
        },
      )
      if (!host) sent.removeHeader('Host')
      sent.on('error', reject)
      sent.end()
    },
  )
}

describe('plain HTTP beside the app’s HTTPS', () => {
  it('sends a browser to the same path and query over HTTPS, on the app’s port', async () => {
    const port = await redirect()
    const answer = await ask(port, '/lineup?day=2026-07-18')
    expect(answer.status).toBe(308)
    expect(answer.location).toBe('https://festival.example:8443/lineup?day=2026-07-18')
    expect(answer.body).toBe('Moved to https://festival.example:8443/lineup?day=2026-07-18\n')
    // The port the browser used for HTTP is not HTTPS's; 443 is left out of the address.
    const on443 = await redirect({ PORT: 443 })
    expect((await ask(on443, '/', { host: 'Festival.Example:80' })).location).toBe(
      'https://festival.example/',
    )
    expect((await ask(on443, '/', { host: '[::1]:80' })).location).toBe('https://[::1]/')
    // A form posted to the http:// address keeps its method (308, not 301).
    expect((await ask(port, '/api/vibes', { method: 'POST' })).status).toBe(308)
  })

  it('goes to PUBLIC_URL whatever the Host header says', async () => {
    const port = await redirect({ PUBLIC_URL: 'https://vibes.example.org' })
    const answer = await ask(port, '/auth/v1/verify?token=x', { host: 'evil.example' })
    expect(answer.location).toBe('https://vibes.example.org/auth/v1/verify?token=x')
  })

  it('refuses a request it cannot place, with a plain message', async () => {
    const port = await redirect()
    for (const host of ['evil.example/path', 'a b', 'x@y']) {
      const answer = await ask(port, '/', { host })
      expect(answer.status).toBe(400)
      expect(answer.body).toBe('Bad request: no usable Host header\n')
    }
    // HTTP/1.1 requires a Host header; Node refuses a request without one before we see it.
    expect((await ask(port, '/', { host: '' })).status).toBe(400)
    // Absolute-form targets name no path of ours.
    expect((await ask(port, 'http://elsewhere.example/')).status).toBe(400)
  })

  it('answers certbot’s HTTP-01 challenges from ACME_WEBROOT, and nothing else there', async () => {
    const port = await redirect({ ACME_WEBROOT: webroot })
    const challenge = await ask(port, '/.well-known/acme-challenge/tok_EN-123')
    expect(challenge).toMatchObject({ status: 200, body: 'tok_EN-123.thumbprint' })
    expect(challenge.type).toBe('text/plain; charset=utf-8')
    expect((await ask(port, '/.well-known/acme-challenge/unknown')).status).toBe(404)
    // No way out of the challenge folder: anything else there is redirected, never read.
    for (const path of [
      '/.well-known/acme-challenge/..%2F..%2Fsecret.txt',
      '/.well-known/acme-challenge/../../secret.txt',
      '/secret.txt',
    ]) {
      const answer = await ask(port, path)
      expect(answer.status).toBe(308)
      expect(answer.body).not.toContain('not for the web')
    }
    // Without a webroot, a challenge is redirected like any path.
    const plain = await redirect()
    expect((await ask(plain, '/.well-known/acme-challenge/tok_EN-123')).status).toBe(308)
    expect(warnings).toEqual([])
  })

  it('is configured only beside the app’s own HTTPS, on a port of its own', () => {
    const tls = { TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' }
    expect(loadConfig({ ...tls, HTTP_REDIRECT_PORT: '80' }).HTTP_REDIRECT_PORT).toBe(80)
    expect(() => loadConfig({ HTTP_REDIRECT_PORT: '80' })).toThrow(
      /HTTP_REDIRECT_PORT: redirects to the HTTPS the app serves itself/,
    )
    expect(() => loadConfig({ ...tls, PORT: '443', HTTP_REDIRECT_PORT: '443' })).toThrow(
      /HTTP_REDIRECT_PORT: must differ from PORT/,
    )
    expect(() =>
      loadConfig({ ...tls, HTTP_REDIRECT_PORT: '80', PUBLIC_URL: 'http://vibes.example.org' }),
    ).toThrow(/PUBLIC_URL: must be an https:\/\/ address/)
    expect(() => loadConfig({ ACME_WEBROOT: '/srv/acme' })).toThrow(
      /ACME_WEBROOT: is served on HTTP_REDIRECT_PORT/,
    )
  })
})
