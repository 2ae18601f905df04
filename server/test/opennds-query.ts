import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { openndsUrlEncode } from '../wifi/fas-query'

/** A phone as openNDS describes it to the FAS. */
export interface FakeClient {
  token: string
  clientip: string
  clientmac: string
  originurl: string
  gatewayaddress: string
}

let counter = 0
/** A new phone on the festival LAN, with its own token and MAC address. */
export function fakeClient(overrides: Partial<FakeClient> = {}): FakeClient {
  counter += 1
  const byte = (counter % 250) + 2
  return {
    token: randomBytes(4).toString('hex'),
    clientip: `192.0.2.${byte}`,
    clientmac: `02:00:00:00:${(counter >> 8).toString(16).padStart(2, '0')}:${(counter & 255).toString(16).padStart(2, '0')}`,
    originurl: 'http://example.test/news?page=1',
    gatewayaddress: '192.0.2.1:2050',
    ...overrides,
  }
}

export const hidOf = (client: FakeClient) => createHash('sha256').update(client.token).digest('hex')

/**
 * The query openNDS 9.10 sends a FAS at `level` for `client`, built as openNDS builds it: a
 * `, `-separated list, base64 at level 1; at levels 2-3 encrypted as PHP's openssl_encrypt does
 * (AES-256-CBC, the faskey zero-padded to 32 bytes, a 16-character IV, base64) and base64 again.
 */
export function fasQuery(
  gateway: { name: string; faskey: string; level: 1 | 2 | 3 },
  client: FakeClient,
): string {
  const fields = [
    `hid=${hidOf(client)}`,
    `clientip=${client.clientip}`,
    `clientmac=${client.clientmac}`,
    'client_type=cpd_can',
    `gatewayname=${openndsUrlEncode(gateway.name)}`,
    'gatewayurl=http%3a%2f%2fstatus.client',
    'version=9.10.0',
    `gatewayaddress=${client.gatewayaddress}`,
    'gatewaymac=02:00:00:00:00:01',
    `originurl=${encodeURIComponent(client.originurl)}`,
    'clientif=gw0',
    'themespec=(null)',
  ]
  if (gateway.level === 1) return `fas=${Buffer.from(fields.join(', ')).toString('base64')}`
  fields.push('authdir=opennds_auth')
  const key = Buffer.alloc(32)
  Buffer.from(gateway.faskey, 'utf8').copy(key, 0, 0, 32)
  const iv = randomBytes(8).toString('hex')
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.from(iv, 'latin1'))
  const encrypted = Buffer.concat([cipher.update(fields.join(', '), 'utf8'), cipher.final()])
  const fas = Buffer.from(encrypted.toString('base64'), 'latin1').toString('base64')
  return `fas=${fas}&iv=${iv}`
}
