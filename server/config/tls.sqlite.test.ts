import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { request } from 'node:https'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PeerCertificate, TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/free-port.mjs'
import { bearer, signUpUser } from '../test/auth-helpers'
import { hasOpenssl, makeCertificate } from '../test/certificate'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { startServerProcess } from '../test/server-process'
import { createTestApp, type TestApp } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'
import { ConfigError, loadConfig } from './config'
import { readTlsFiles, reloadTlsFiles } from './tls-files'

// HTTPS in the app itself (ADR 041): a phone gets the offline app, installing and reminders from
// `npm start` with a certificate, without a proxy in front.
const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-tls-'))
const runs = hasOpenssl()
if (!runs && process.env.CI) throw new Error('openssl is missing: .ci/run installs it')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** GET `path` over HTTPS trusting `ca`: status, headers, body and the certificate served. */
function get(url: string, path: string, ca: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number
    headers: Record<string, unknown>
    body: string
    served: PeerCertificate
  }>((resolve, reject) => {
    const sent = request(`${url}${path}`, { ca, headers, agent: false }, (response) => {
      const served = (response.socket as TLSSocket).getPeerCertificate()
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, served }),
      )
    })
    sent.on('error', reject)
    sent.end()
  })
}

describe.skipIf(!runs)('HTTPS served by the app itself', () => {
  let t: TestApp
  let url: string
  let first: { certificate: string; key: string }
  const certFile = join(dir, 'live-cert.pem')
  const keyFile = join(dir, 'live-key.pem')

  beforeAll(async () => {
    first = makeCertificate(dir, 'first')
    copyFileSync(first.certificate, certFile)
    copyFileSync(first.key, keyFile)
    t = await createTestApp({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile })
    url = (await t.listen()).replace(/^http:/, 'https:')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers over HTTPS, tells browsers to keep to it, and refuses plain HTTP', async () => {
    const ca = readFileSync(first.certificate, 'utf8')
    const answer = await get(url, '/api/festival', ca)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toHaveProperty('name')
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
    // Plain HTTP to the same port is not served.
    await expect(fetch(url.replace(/^https:/, 'http:'))).rejects.toThrow()
  })

  it('upgrades the live channel over it (wss)', async () => {
    const user = await signUpUser(t)
    const ca = readFileSync(first.certificate, 'utf8')
    const socket = await LiveTestClient.connect(url, { ca })
    socket.send({ type: 'auth', token: user.accessToken, batch: true })
    await socket.next((message) => message.type === 'ready')
    socket.close()
    // And the API with a token, as the app calls it.
    const mine = await get(url, '/api/vibes/mine', ca, bearer(user.accessToken))
    expect([200, 404]).toContain(mine.status)
  })

  it('serves a renewed certificate once reloaded (SIGHUP), to new connections', async () => {
    const renewed = makeCertificate(dir, 'renewed')
    copyFileSync(renewed.certificate, certFile)
    copyFileSync(renewed.key, keyFile)
    const before = await get(url, '/healthz', readFileSync(first.certificate, 'utf8'))
    expect(before.status).toBe(200)

    reloadTlsFiles(t.app.server, t.config)
    const after = await get(url, '/healthz', readFileSync(renewed.certificate, 'utf8'))
    expect(after.status).toBe(200)
    expect(after.served.fingerprint256).not.toBe(before.served.fingerprint256)
  })

  it('keeps serving the certificate it has when a reload finds a broken pair', async () => {
    const current = readFileSync(certFile, 'utf8')
    const other = makeCertificate(dir, 'other')
    copyFileSync(other.key, keyFile)
    expect(() => reloadTlsFiles(t.app.server, t.config)).toThrow(ConfigError)
    const still = await get(url, '/healthz', current)
    expect(still.status).toBe(200)
  })
})

describe.skipIf(!runs)('the HTTPS files, checked at start', () => {
  const pair = () => makeCertificate(dir, `pair-${Math.random().toString(36).slice(2)}`)

  it('are given together or not at all', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/x.pem' })).toThrow(
      /TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are given together or not at all/,
    )
  })

  it('name the variable whose file cannot be read or is not PEM', () => {
    const { certificate, key } = pair()
    expect(() =>
      readTlsFiles({ TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: key }),
    ).toThrow(/TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/)
    const text = join(dir, 'not-pem.txt')
    writeFileSync(text, 'hello')
    expect(() => readTlsFiles({ TLS_CERT_FILE: certificate, TLS_KEY_FILE: text })).toThrow(
      /TLS_KEY_FILE: .*not-pem\.txt is not a PEM file/,
    )
  })

  it('refuse a key that is not the certificate’s', () => {
    const a = pair()
    const b = pair()
    expect(() => readTlsFiles({ TLS_CERT_FILE: a.certificate, TLS_KEY_FILE: b.key })).toThrow(
      /are not a certificate and its key/,
    )
    expect(readTlsFiles({ TLS_CERT_FILE: a.certificate, TLS_KEY_FILE: a.key })).toHaveProperty(
      'cert',
    )
  })
})

describe.skipIf(!runs)('the server process with its own HTTPS', () => {
  it('reloads a renewed certificate on SIGHUP, keeps its own on a broken pair, and will not start on one', async () => {
    const database = await createTestDatabase()
    const first = makeCertificate(dir, 'process-first')
    const certFile = join(dir, 'process-cert.pem')
    const keyFile = join(dir, 'process-key.pem')
    copyFileSync(first.certificate, certFile)
    copyFileSync(first.key, keyFile)
    const env = {
      DATABASE_URL: database.url,
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      LOG_LEVEL: 'info',
    }
    const server = await startServerProcess(env, { ca: readFileSync(first.certificate, 'utf8') })
    try {
      const renewed = makeCertificate(dir, 'process-renewed')
      copyFileSync(renewed.certificate, certFile)
      copyFileSync(renewed.key, keyFile)
      server.child.kill('SIGHUP')
      const ca = readFileSync(renewed.certificate, 'utf8')
      await eventually(() => server.output().includes('TLS certificate reloaded'))
      expect((await get(server.url, '/healthz', ca)).status).toBe(200)

      // A key of another certificate: refused, logged, the renewed one still served.
      copyFileSync(makeCertificate(dir, 'process-other').key, keyFile)
      server.child.kill('SIGHUP')
      await eventually(() => server.output().includes('TLS certificate not reloaded'))
      expect((await get(server.url, '/healthz', ca)).status).toBe(200)
      expect(server.child.exitCode).toBeNull()
    } finally {
      await server.stop('SIGKILL')
    }

    // Started on that broken pair, it says why and stops.
    await expect(startServerProcess(env, { ca: '' })).rejects.toThrow(
      /TLS_CERT_FILE, TLS_KEY_FILE: .* are not a certificate and its key/,
    )
    await database.drop()
  })
})

describe.skipIf(!runs)('plain HTTP beside the process’s own HTTPS', () => {
  it('sends browsers to HTTPS, stops with the app, and will not start on a port in use', async () => {
    const database = await createTestDatabase()
    const pair = makeCertificate(dir, 'redirect')
    const redirectPort = await freePort()
    const env = {
      DATABASE_URL: database.url,
      TLS_CERT_FILE: pair.certificate,
      TLS_KEY_FILE: pair.key,
      HTTP_REDIRECT_PORT: String(redirectPort),
    }
    const ca = readFileSync(pair.certificate, 'utf8')
    const server = await startServerProcess(env, { ca })
    try {
      const moved = await fetch(`http://127.0.0.1:${redirectPort}/healthz?from=sign`, {
        redirect: 'manual',
      })
      expect(moved.status).toBe(308)
      // PUBLIC_URL's origin (the helper sets it to the process's HTTPS address).
      expect(moved.headers.get('location')).toBe(`${server.url}/healthz?from=sign`)
      expect((await get(server.url, '/healthz?from=sign', ca)).status).toBe(200)
      // A graceful stop closes the redirect too, and the process exits cleanly.
      expect(await server.stop('SIGTERM')).toBe(0)
      await expect(fetch(`http://127.0.0.1:${redirectPort}/`)).rejects.toThrow()
    } finally {
      await server.stop('SIGKILL')
    }

    // The port taken by something else: the process says which variable and why, and stops.
    const squatter = createServer().listen(redirectPort, '127.0.0.1')
    await new Promise((resolve) => squatter.once('listening', resolve))
    try {
      await expect(startServerProcess(env, { ca })).rejects.toThrow(
        new RegExp(`HTTP_REDIRECT_PORT: cannot listen on ${redirectPort} \\(EADDRINUSE\\)`),
      )
    } finally {
      squatter.close()
      await database.drop()
    }
  })
})

/** Opens a TCP connection to `url`, sends `bytes`, then nothing; resolves when the server ends it. */
function silentClient(url: string, bytes: Buffer) {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname, () => socket.write(bytes))
  socket.on('error', () => {})
  socket.resume()
  const opened = Date.now()
  const ended = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - opened)),
  )
  return { socket, ended }
}

/** An app serving HTTPS with a new certificate, its slow clients cut off after `headersMs`. */
const appWithOwnHttps = (name: string, headersMs: number) => {
  const pair = makeCertificate(dir, name)
  return createTestApp({
    TLS_CERT_FILE: pair.certificate,
    TLS_KEY_FILE: pair.key,
    HTTP_HEADERS_TIMEOUT_MS: String(headersMs),
    HTTP_REQUEST_TIMEOUT_MS: String(headersMs * 2),
  })
}

describe.skipIf(!runs)('a connection that never finishes its TLS handshake', () => {
  // The start of a ClientHello record that promises bytes which never come.
  const partialHello = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01])

  it('is cut off after the headers timeout, as a slow HTTP client is (Node waits 120 s)', async () => {
    const t = await appWithOwnHttps('handshake', 1000)
    try {
      const url = await t.listen()
      const silent = silentClient(url, Buffer.alloc(0))
      const partial = silentClient(url, partialHello)
      const held = await Promise.race([
        Promise.all([silent.ended, partial.ended]),
        new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 15_000)),
      ])
      silent.socket.destroy()
      partial.socket.destroy()
      expect(held).not.toBe('still open')
    } finally {
      await t.close()
    }
  }, 30_000)

  it('does not hold up the app’s close (a SIGTERM’s shutdown has a 10 s grace)', async () => {
    // A headers timeout longer than the grace: only ending the handshake at close is in time.
    const t = await appWithOwnHttps('handshake-close', 60_000)
    const url = await t.listen()
    const partial = silentClient(url, partialHello)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const closed = t.app.close().then(() => 'closed' as const)
    const outcome = await Promise.race([
      closed,
      new Promise<'still closing'>((resolve) => setTimeout(() => resolve('still closing'), 10_000)),
    ])
    partial.socket.destroy()
    await closed
    await t.close().catch(() => undefined)
    expect(outcome).toBe('closed')
  }, 30_000)
})
