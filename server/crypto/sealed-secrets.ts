import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

// Secrets a feature keeps for a user and shows them again (a WiFi pass code, a calendar link):
// looked up by a keyed hash, so a database dump does not list them, and kept sealed for showing.

export const keyedHash = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex')

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
