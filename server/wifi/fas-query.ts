import { createDecipheriv } from 'node:crypto'
import { isIPv4 } from 'node:net'
import { z } from 'zod'
import type { Gateway } from './wifi-gateways'

/** What openNDS tells us about the phone it sent to the portal, checked field by field. */
export interface FasClient {
  /** sha256 of the client's token: we answer with rhid = sha256hex(hid + faskey). */
  hid: string
  clientip: string
  clientmac: string
  /** The gateway's web server (ip:port) and auth directory, for levels 1-2's redirect. */
  gatewayaddress: string
  authdir: string
  /** Where the phone was going, when it is an http(s) URL. */
  originurl: string | null
}

export class FasQueryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FasQueryError'
  }
}

/**
 * openNDS's own URL encoding of a value (9.10.0, as its `ndsctl json` and its query show it): every
 * byte but the RFC 3986 unreserved characters as `%xx` in lower case, e.g. `Fête (North), Gate`
 * becomes `F%c3%aate%20%28North%29%2c%20Gate`. encodeURIComponent differs for `!*'()` and in case.
 */
export function openndsUrlEncode(text: string): string {
  let encoded = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    encoded += /[A-Za-z0-9._~-]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0')}`
  }
  return encoded
}

// openNDS 9.10.0 cuts its whole redirect at about 8,200 characters; a longer query is not from
// it. A long first URL (originurl) alone takes a level 3 query past 4,096 characters.
const MAX_FAS_LENGTH = 8192
// Where the phone was going is only a link on the online page; a longer one is dropped, which keeps
// the portal's state (which carries it) small.
const MAX_ORIGIN_URL = 2048

/**
 * A query string's parameters as sent, without turning `+` into a space: openNDS puts base64 in
 * the query without escaping it, so a form-style parser would corrupt it.
 */
export function rawQueryParams(url: string): Map<string, string> {
  const params = new Map<string, string>()
  const start = url.indexOf('?')
  if (start < 0) return params
  for (const part of url.slice(start + 1).split('&')) {
    if (!part) continue
    const equals = part.indexOf('=')
    const key = safeDecode(equals < 0 ? part : part.slice(0, equals))
    const value = equals < 0 ? '' : safeDecode(part.slice(equals + 1))
    if (key !== null && value !== null && !params.has(key)) params.set(key, value)
  }
  return params
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

const FasFieldsSchema = z.object({
  hid: z.string().regex(/^[0-9a-f]{64}$/),
  clientip: z.string().refine((ip) => isIPv4(ip)),
  clientmac: z
    .string()
    .regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i)
    .transform((mac) => mac.toLowerCase()),
  gatewayname: z.string().min(1).max(200),
  gatewayaddress: z.string().refine((address) => {
    const [ip, port, ...rest] = address.split(':')
    return (
      rest.length === 0 && isIPv4(ip ?? '') && /^\d{1,5}$/.test(port ?? '') && Number(port) < 65536
    )
  }),
  authdir: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('opennds_auth'),
  originurl: z.string().optional(),
})

/**
 * Decodes and checks openNDS's `fas` query for `gateway`: base64 at level 1, AES-256-CBC at
 * levels 2 and 3 (the key is the faskey zero-padded or cut to 32 bytes, the IV the 16 characters
 * of `iv`, as PHP's openssl_encrypt does it). Throws FasQueryError for anything else, including
 * a query that names another gateway.
 */
export function decodeFasQuery(gateway: Gateway, params: Map<string, string>): FasClient {
  const fas = params.get('fas')
  if (!fas) throw new FasQueryError('the query has no fas parameter')
  if (fas.length > MAX_FAS_LENGTH || !/^[A-Za-z0-9+/]+={0,2}$/.test(fas)) {
    throw new FasQueryError('the fas parameter is not base64 of a sane length')
  }
  let plain: string
  if (gateway.level === 1) {
    plain = Buffer.from(fas, 'base64').toString('utf8')
  } else {
    const iv = params.get('iv') ?? ''
    if (!/^[0-9A-Za-z]{16}$/.test(iv))
      throw new FasQueryError('the iv parameter is missing or malformed')
    plain = decrypt(gateway.faskey, fas, iv)
  }
  const fields = parseFieldList(plain)
  const parsed = FasFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]
    throw new FasQueryError(`the fas query has missing or malformed fields: ${names.join(', ')}`)
  }
  const { gatewayname, originurl, ...client } = parsed.data
  if (safeDecode(gatewayname) !== gateway.name && gatewayname !== gateway.name) {
    throw new FasQueryError('the fas query names another gateway')
  }
  // Phones are sent back to this address after sign-in (levels 1-2), and level 1's query is only
  // base64: without this check, a made-up query would make the portal redirect anywhere.
  const expected = gateway.address
  if (expected ? client.gatewayaddress !== expected : !isLanAddress(client.gatewayaddress)) {
    throw new FasQueryError('the fas query names a gateway address that is not this gateway')
  }
  const origin = webUrl(originurl)
  return { ...client, originurl: origin && origin.length <= MAX_ORIGIN_URL ? origin : null }
}

function decrypt(faskey: string, fas: string, iv: string): string {
  const key = Buffer.alloc(32)
  Buffer.from(faskey, 'utf8').copy(key, 0, 0, 32)
  try {
    const inner = Buffer.from(fas, 'base64').toString('latin1')
    const cipherText = Buffer.from(inner, 'base64')
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'latin1'))
    return Buffer.concat([decipher.update(cipherText), decipher.final()]).toString('utf8')
  } catch {
    throw new FasQueryError('the fas query does not decrypt with this gateway key')
  }
}

/** openNDS's list: `name=value, name=value, ...`; values may themselves be URL-encoded. */
function parseFieldList(plain: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const item of plain.split(', ')) {
    const equals = item.indexOf('=')
    if (equals <= 0) continue
    const name = item.slice(0, equals).trim()
    if (!(name in fields)) fields[name] = item.slice(equals + 1).trim()
  }
  return fields
}

// Where a gateway's LAN side can be: private (RFC 1918), shared (RFC 6598), link-local and the
// documentation ranges (RFC 5737, which labs use).
const LAN_RANGES: Array<[number, number]> = [
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0x64400000, 10],
  [0xa9fe0000, 16],
  [0xc0000200, 24],
  [0xc6336400, 24],
  [0xcb007100, 24],
]

function isLanAddress(address: string): boolean {
  const ip = (address.split(':')[0] ?? '').split('.').map(Number)
  if (ip.length !== 4 || ip.some((part) => !(part >= 0 && part <= 255))) return false
  const value = ((ip[0]! << 24) | (ip[1]! << 16) | (ip[2]! << 8) | ip[3]!) >>> 0
  return LAN_RANGES.some(([base, bits]) => value >>> (32 - bits) === base >>> (32 - bits))
}

/** The URL if it is http(s), decoded once if openNDS encoded it; otherwise null. */
export function webUrl(value: string | undefined): string | null {
  if (!value || value === '(null)') return null
  for (const candidate of [value, safeDecode(value)]) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString()
    } catch {
      // Not a URL: try the decoded form, then give up.
    }
  }
  return null
}
