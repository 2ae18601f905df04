import type { WriteHandle } from '../db/database'
import { writeTransaction } from '../db/database'
import type { AuthDeps } from './auth-deps'

const PAIR = 'signin-failures:email-ip'
const ADDRESS = 'signin-failures:email'

/**
 * Brute-force protection for one account that an attacker cannot turn into a lock-out (ADR 019).
 * Only failed sign-ins count. A client address that failed RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP
 * times for an account is refused for the rest of the window; other addresses are not. Once the
 * account has failed RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL times from all addresses together (a
 * distributed guess), every address that has failed for it is refused, while an address with no
 * failure for it (the owner, most likely) still gets its password checked. A success forgets its
 * own address's failures.
 */
export class SignInFailures {
  constructor(private readonly deps: Pick<AuthDeps, 'limiter' | 'config' | 'database'>) {}

  /** Throws 429 when this client address may not try this account now. */
  async check(email: string, ip: string): Promise<{ failedHere: number }> {
    const { limiter, config } = this.deps
    const [failedHere = 0, failedEverywhere = 0] = await limiter.counts([
      [PAIR, pairKey(email, ip)],
      [ADDRESS, email],
    ])
    const pairSpent = failedHere >= config.RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP
    const underAttack = failedEverywhere >= config.RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL
    if (pairSpent || (underAttack && failedHere > 0)) throw limiter.tooManyRequests()
    return { failedHere }
  }

  /** Counts a failure for the pair and for the account, in one transaction. */
  failed(email: string, ip: string): Promise<void> {
    return writeTransaction(this.deps.database, async (trx) => {
      await this.deps.limiter.record(trx, PAIR, pairKey(email, ip))
      await this.deps.limiter.record(trx, ADDRESS, email)
    })
  }

  /** In the sign-in's own transaction: forgets this address's failures, if it had any. */
  async succeeded(trx: WriteHandle, email: string, ip: string, failedHere: number): Promise<void> {
    if (failedHere > 0) await this.deps.limiter.clear(trx, PAIR, pairKey(email, ip))
  }
}

// E-mail addresses hold no spaces, so the pair cannot be forged from another address's parts.
const pairKey = (email: string, ip: string) => `${email} ${ip}`
