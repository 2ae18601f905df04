import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from 'node:crypto'

/** The keys the WiFi feature derives from the server's secret, one per purpose. */
export interface WifiKeys {
  /** Looks pass codes up: a keyed hash, so a database dump does not list the codes. */
  codeLookup: Buffer
  /** Encrypts pass codes so the app can show a user their own. */
  codeDisplay: Buffer
  /** Turns MAC addresses into device hashes. */
  device: Buffer
  /** Encrypts the portal's state carried in its forms. */
  portalState: Buffer
}

export function wifiKeys(derive: (purpose: string) => Buffer): WifiKeys {
  return {
    codeLookup: derive('wifi:pass-code-lookup'),
    codeDisplay: derive('wifi:pass-code-display'),
    device: derive('wifi:device'),
    portalState: derive('wifi:portal-state'),
  }
}

// No 0/O, 1/I: 32 symbols, 5 bits each; 8 of them are 40 bits, typed as ABCD-EFGH.
export const PASS_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const PASS_CODE_LENGTH = 8

/** A new pass code, uniformly random over the alphabet. */
export function newPassCode(): string {
  let code = ''
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[randomInt(32)]
  return code
}

/** The code as typed (any case, spaces or dashes), or null when it cannot be a pass code. */
export function normalizePassCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  if (code.length !== PASS_CODE_LENGTH) return null
  for (const symbol of code) if (!PASS_CODE_ALPHABET.includes(symbol)) return null
  return code
}

/** ABCD-EFGH, as the app and the portal show it. */
export const formatPassCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

export const keyedHash = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex')

export const sha256hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** openNDS's answer to a client's hid: sha256hex(hid + faskey). */
export const rhidOf = (hid: string, faskey: string) => sha256hex(hid + faskey)

/** AES-256-GCM, as base64url(iv | tag | ciphertext): confidential and tamper-evident. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The plain text `seal` was given, or null when the box was altered or made with another key. */
export function unseal(key: Buffer, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length < 29) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
