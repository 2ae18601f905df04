import { createHash, randomInt } from 'node:crypto'

// The keyed hash and the sealed box serve other features too (server/crypto/sealed-secrets.ts).
export { keyedHash, seal, unseal } from '../crypto/sealed-secrets'

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

export const sha256hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** openNDS's answer to a client's hid: sha256hex(hid + faskey). */
export const rhidOf = (hid: string, faskey: string) => sha256hex(hid + faskey)
