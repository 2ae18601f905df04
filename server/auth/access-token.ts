import { createHmac, timingSafeEqual } from 'node:crypto'
import { AppError } from '../http/app-error'

export const JWT_AUDIENCE = 'authenticated'
const ALGORITHM = 'HS256'

export interface AccessTokenClaims {
  sub: string
  email: string
  role: 'authenticated'
  session_id: string
  /** GoTrue's: the provider and, for a moderator or organiser, `roles` (shown, not trusted). */
  app_metadata?: { provider: string; providers: string[]; roles?: string[] }
}

// The same for every token: {"alg":"HS256","typ":"JWT"}, base64url-encoded.
const PROTECTED_HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: 'JWT' })).toString(
  'base64url',
)

/**
 * Signs a short-lived access token for one session, with node:crypto's HMAC (jose signs and
 * verifies only through WebCrypto, a thread-pool job per token: ~10 % of a refresh's CPU).
 */
export function signAccessToken(
  key: Uint8Array,
  claims: AccessTokenClaims,
  issuedAtMs: number,
  lifetimeSeconds: number,
  issuer: string,
): { token: string; expiresAt: number } {
  const iat = Math.floor(issuedAtMs / 1000)
  const expiresAt = iat + lifetimeSeconds
  const payload = {
    ...claims,
    aal: 'aal1',
    is_anonymous: false,
    iss: issuer,
    aud: JWT_AUDIENCE,
    iat,
    exp: expiresAt,
  }
  const signingInput = `${PROTECTED_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  const signature = createHmac('sha256', key).update(signingInput).digest('base64url')
  return { token: `${signingInput}.${signature}`, expiresAt }
}

const invalid = (reason: 'expired' | 'invalid') =>
  new AppError(
    403,
    'bad_jwt',
    reason === 'expired'
      ? 'invalid JWT: unable to parse or verify signature, token has expired'
      : 'invalid JWT: unable to parse or verify signature',
  )

/**
 * Verifies a token the way it was signed, with node:crypto: our exact header (HS256 only, so no
 * `alg: none` or key confusion), the HMAC in constant time, then issuer, audience, the claims we
 * need and expiry. Throws GoTrue's `bad_jwt` otherwise. Returns the claims and the expiry in
 * epoch milliseconds.
 */
export function verifyAccessToken(
  key: Uint8Array,
  token: string,
  nowMs: number,
  issuer: string,
): { claims: AccessTokenClaims; expiresAtMs: number } {
  const [header, body, signature, ...rest] = token.split('.')
  if (header !== PROTECTED_HEADER || body === undefined || signature === undefined || rest.length) {
    throw invalid('invalid')
  }
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalid('invalid')
  }
  const payload = parsePayload(body)
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
  if (
    payload.iss !== issuer ||
    !audience.includes(JWT_AUDIENCE) ||
    typeof payload.sub !== 'string' ||
    typeof payload.session_id !== 'string' ||
    typeof payload.exp !== 'number'
  ) {
    throw invalid('invalid')
  }
  if (nowMs >= payload.exp * 1000) throw invalid('expired')
  const claims: AccessTokenClaims = {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    role: 'authenticated',
    session_id: payload.session_id,
  }
  return { claims, expiresAtMs: payload.exp * 1000 }
}

function parsePayload(body: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      return payload as Record<string, unknown>
    }
  } catch {
    // Not JSON: the same answer as any other bad token.
  }
  throw invalid('invalid')
}
