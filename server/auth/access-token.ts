import { createHmac } from 'node:crypto'
import { errors, jwtVerify } from 'jose'
import { AppError } from '../http/app-error'

export const JWT_AUDIENCE = 'authenticated'
const ALGORITHM = 'HS256'

// jose imports a raw key (Uint8Array) again on every sign and verify; a CryptoKey it uses as is.
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>()
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    hmacKeys.set(secret, key)
  }
  return key
}

export interface AccessTokenClaims {
  sub: string
  email: string
  role: 'authenticated'
  session_id: string
}

// The same for every token: {"alg":"HS256","typ":"JWT"}, base64url-encoded.
const PROTECTED_HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: 'JWT' })).toString(
  'base64url',
)

/**
 * Signs a short-lived access token for one session. Signed here with node:crypto's HMAC rather than
 * jose's SignJWT: jose signs only through WebCrypto, a thread-pool job per token that cost ~10 % of
 * a token refresh's CPU in the profile (docs/performance.md). Verification stays with jose.
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

/**
 * Verifies signature (HS256 only), audience and expiry; throws GoTrue's `bad_jwt` otherwise.
 * Resolves to the claims and the expiry in epoch milliseconds.
 */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  nowMs: number,
): Promise<{ claims: AccessTokenClaims; expiresAtMs: number }> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [ALGORITHM],
      audience: JWT_AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'session_id'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') {
      throw new errors.JWTClaimValidationFailed('missing claims', payload)
    }
    const claims: AccessTokenClaims = {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      role: 'authenticated',
      session_id: payload.session_id,
    }
    return { claims, expiresAtMs: (payload.exp ?? 0) * 1000 }
  } catch (error) {
    const expired = error instanceof errors.JWTExpired
    throw new AppError(
      403,
      'bad_jwt',
      expired
        ? 'invalid JWT: unable to parse or verify signature, token has expired'
        : 'invalid JWT: unable to parse or verify signature',
    )
  }
}
