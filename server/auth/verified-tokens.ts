import type { AccessTokenClaims } from './access-token'

// About 1 KB each (the token is the key); enough for every client active within a token's life
// on a busy instance, and a bound on what a flood of distinct valid tokens could pin.
const MAX_REMEMBERED = 20_000

interface Verified {
  claims: AccessTokenClaims
  expiresAtMs: number
}

/**
 * Access tokens whose signature this instance already checked, until they expire. An HMAC check
 * through WebCrypto is a thread-pool job that cost more than the rest of a small request, and a
 * client sends the same token for its whole life. Only the signature and expiry are remembered:
 * the session is still checked on every request.
 */
export class VerifiedTokens {
  private readonly byToken = new Map<string, Verified>()

  /** The claims of a token verified before and not yet expired at `nowMs`. */
  get(token: string, nowMs: number): AccessTokenClaims | undefined {
    const hit = this.byToken.get(token)
    if (!hit) return undefined
    if (nowMs < hit.expiresAtMs) return hit.claims
    this.byToken.delete(token)
    return undefined
  }

  remember(token: string, verified: Verified): void {
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.byToken.size >= MAX_REMEMBERED) this.byToken.delete(this.byToken.keys().next().value!)
    this.byToken.set(token, verified)
  }
}
