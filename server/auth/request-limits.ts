import type { Config } from '../config/config'
import type { AuthDeps, RequestMeta } from './auth-deps'

type Budget = readonly [perAddress: keyof Config, perUplink: keyof Config]

// Each per-address limit, and its two sizes: one client's, and a declared uplink's (ADR 026).
const BY_ADDRESS = {
  signup: ['RATE_LIMIT_SIGNUP_PER_IP', 'RATE_LIMIT_SIGNUP_PER_UPLINK'],
  signin: ['RATE_LIMIT_SIGNIN_PER_IP', 'RATE_LIMIT_SIGNIN_PER_UPLINK'],
  recover: ['RATE_LIMIT_RECOVER_PER_IP', 'RATE_LIMIT_RECOVER_PER_UPLINK'],
  // A confirmation link sent again costs what a recovery link does: a mail to an address.
  resend: ['RATE_LIMIT_RECOVER_PER_IP', 'RATE_LIMIT_RECOVER_PER_UPLINK'],
  verify: ['RATE_LIMIT_VERIFY_PER_IP', 'RATE_LIMIT_VERIFY_PER_UPLINK'],
} as const satisfies Record<string, Budget>

/**
 * Counts a request against its client address's limit (`signup:ip`, ...): a declared uplink's
 * budget when many people share the address, one client's otherwise. Throws 429 once over it.
 * Callers check the limits keyed on the e-mail address or account first, so a request refused
 * by those never spends what an uplink's crowd shares.
 */
export function hitAddressLimit(
  deps: Pick<AuthDeps, 'limiter' | 'config' | 'uplinks'>,
  kind: keyof typeof BY_ADDRESS,
  ip: string,
): Promise<void> {
  const [perAddress, perUplink] = BY_ADDRESS[kind]
  const max = deps.uplinks.budget(ip, {
    perAddress: deps.config[perAddress],
    perUplink: deps.config[perUplink],
  })
  return deps.limiter.hit({ name: `${kind}:ip`, max }, ip)
}

/**
 * A sign-in's or sign-up's client limits: its address's (as hitAddressLimit), then the ones the
 * caller added (`meta.alsoCounts`), which a request its address refused never reaches.
 */
export async function hitClientLimits(
  deps: Pick<AuthDeps, 'limiter' | 'config' | 'uplinks'>,
  kind: 'signin' | 'signup',
  meta: RequestMeta,
): Promise<void> {
  await hitAddressLimit(deps, kind, meta.ip)
  for (const { limit, subject } of meta.alsoCounts ?? []) await deps.limiter.hit(limit, subject)
}

/** Mails asked for one address (confirmations, recovery) and sign-ups for it, per window. */
export function hitEmailLimit(
  deps: Pick<AuthDeps, 'limiter' | 'config'>,
  email: string,
): Promise<void> {
  return deps.limiter.hit(
    { name: 'email:address', max: deps.config.RATE_LIMIT_EMAIL_PER_ADDRESS },
    email,
  )
}
