import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, type Server } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A push as the push service received it: its headers, and the payload it decrypted. */
export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The plaintext, decrypted with the subscription's private key and auth secret. */
  text: string
}

/** A browser's subscription to the local push service, with the keys only the browser holds. */
export interface TestSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  path: string
}

/**
 * A local stand-in for a push service (FCM, Mozilla's autopush…): an HTTPS server, with a
 * self-signed certificate that `agent` trusts, which receives web-push's POSTs and decrypts each
 * payload as the browser would (RFC 8291, aes128gcm), with the subscription's own private key.
 * It answers 201, or what `answerWith` says for a subscription.
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = []
  private readonly browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>()
  private readonly answers = new Map<string, number>()

  private constructor(
    private readonly server: Server,
    readonly agent: Agent,
    readonly origin: string,
    private readonly certDir: string,
  ) {}

  static async start(): Promise<LocalPushService> {
    const certDir = mkdtempSync(join(tmpdir(), 'vibeconnect-push-'))
    const key = join(certDir, 'key.pem')
    const cert = join(certDir, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    const pem = { key: readFileSync(key), cert: readFileSync(cert) }
    let service: LocalPushService | undefined
    const server = createServer(pem, (request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        let status: number
        try {
          status = service!.receive(request.url ?? '', request.headers, Buffer.concat(chunks))
        } catch (error) {
          // A push that does not decrypt fails its test through this answer and the log.
          console.error('the local push service could not decrypt a push:', error)
          status = 400
        }
        response.writeHead(status).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (!address || typeof address === 'string') throw new Error('push service has no port')
    const agent = new Agent({ ca: pem.cert, keepAlive: false })
    service = new LocalPushService(server, agent, `https://127.0.0.1:${address.port}`, certDir)
    return service
  }

  /** A new browser: its endpoint on this service and its public key and auth secret. */
  subscribe(): TestSubscription {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    const path = `/push/${randomBytes(12).toString('base64url')}`
    this.browsers.set(path, { ecdh, auth })
    return {
      endpoint: `${this.origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      path,
    }
  }

  /** Answers the pushes to this subscription with `status` from now on (410: it expired). */
  answerWith(subscription: TestSubscription, status: number): void {
    this.answers.set(subscription.path, status)
  }

  /** The decrypted JSON payloads this subscription received, in order. */
  payloadsOf(subscription: TestSubscription): unknown[] {
    return this.received
      .filter((push) => push.path === subscription.path)
      .map((push) => JSON.parse(push.text))
  }

  async close(): Promise<void> {
    this.agent.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
    rmSync(this.certDir, { recursive: true, force: true })
  }

  private receive(path: string, headers: ReceivedPush['headers'], body: Buffer): number {
    const browser = this.browsers.get(path)
    if (!browser) return 404
    const answer = this.answers.get(path)
    if (answer) return answer
    if (headers['content-encoding'] !== 'aes128gcm') return 415
    const text = decryptAes128gcm(body, browser.ecdh, browser.auth).toString('utf8')
    this.received.push({ path, headers, text })
    return 201
  }
}

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 on RFC 8188's aes128gcm): the header
 * carries the salt, the record size and the sender's one-time public key; ECDH of that key with
 * the browser's private key, mixed with the auth secret through HKDF, gives the content key and
 * nonce; each record is AES-128-GCM, padded and ended by a delimiter (2 for the last record).
 */
export function decryptAes128gcm(body: Buffer, browser: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyIdLength = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + keyIdLength)
  const ciphertext = body.subarray(21 + keyIdLength)
  if (keyIdLength !== 65) throw new Error(`the key id is ${keyIdLength} bytes, not a P-256 key`)

  const sharedSecret = browser.computeSecret(senderPublic)
  const browserPublic = browser.getPublicKey()
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const baseNonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  )

  const records: Buffer[] = []
  for (let offset = 0, seq = 0; offset < ciphertext.length; offset += recordSize, seq++) {
    const record = ciphertext.subarray(offset, offset + recordSize)
    const nonce = Buffer.from(baseNonce)
    // The record's sequence number is XORed into the nonce's end (records here are few).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    const delimiter = padded[end]
    const last = offset + recordSize >= ciphertext.length
    if (delimiter !== (last ? 2 : 1)) throw new Error(`record ${seq} has a bad padding delimiter`)
    records.push(padded.subarray(0, end))
  }
  return Buffer.concat(records)
}
