import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: refresh tokens and e-mail link tokens. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored, so a database leak yields no usable token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
