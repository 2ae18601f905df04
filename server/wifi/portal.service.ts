import type { FastifyBaseLogger } from 'fastify'
import type { AuthService } from '../auth/auth.service'
import type { RequestMeta } from '../auth/auth-deps'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import type { RateLimiter } from '../rate-limit/rate-limiter'
import { type Admission, admitDevice, admitForGrace } from './admission'
import { type AuthmonRequest, answerAuthmon } from './authmon'
import { deviceLabel } from './device-label'
import { decodeFasQuery, FasQueryError, rawQueryParams } from './fas-query'
import {
  CONFIRM_FIRST,
  fullMessage,
  type PortalRefusal,
  type RefusedField,
  refusal,
} from './portal-refusals'
import { openPortalState, type PortalState, sealPortalState } from './portal-state'
import { findGrant, findPassByCodeHash } from './wifi.repository'
import {
  defaultAllowance,
  levelAllowance,
  type WifiAllowance,
  type WifiLevels,
} from './wifi-allowance'
import type { Gateway } from './wifi-gateways'
import { keyedHash, normalizePassCode, rhidOf, type WifiKeys } from './wifi-secrets'

/** How long a portal page's state stays good: long enough to read, type and open a mail. */
const STATE_LIFETIME_MS = 20 * 60_000

export interface PortalDeps {
  database: AppDatabase
  config: Config
  gateways: ReadonlyMap<string, Gateway>
  keys: WifiKeys
  auth: AuthService
  /** The WiFi feature's own limits (pass codes, grace grants). */
  limiter: RateLimiter
  /** The user's game level: what a grant gives them. */
  levels: WifiLevels
  now: () => number
  log: FastifyBaseLogger
}

/** Where the portal's visit stands, for the page that shows it. */
export type PortalOpening =
  | { kind: 'form'; gateway: Gateway; state: string }
  | { kind: 'online'; gateway: Gateway }

/** The outcome of a way through the portal: let through, or a message for the form. */
export type PortalOutcome =
  | { kind: 'admitted'; admission: Admission; state: PortalState; sealed: string }
  | { kind: 'grace'; admission: Admission; state: PortalState; sealed: string }
  | PortalRefusal

export class PortalProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'PortalProblem'
  }
}

/**
 * The captive portal of the festival's openNDS gateways (a FAS): reads openNDS's query, lets a
 * device through by password, new account or WiFi pass code, and answers the gateways' authmon
 * (level 3). Pages are rendered by portal-pages.ts; this decides what they say.
 */
export class PortalService {
  constructor(private readonly deps: PortalDeps) {}

  gateway(id: string): Gateway {
    const gateway = this.deps.gateways.get(id)
    if (!gateway) throw new PortalProblem(404, 'This WiFi gateway is not known here.')
    return gateway
  }

  /** The first page: openNDS's query checked and turned into the state the forms carry. */
  open(gatewayId: string, rawUrl: string, userAgent: string | undefined): PortalOpening {
    const gateway = this.gateway(gatewayId)
    const params = rawQueryParams(rawUrl)
    if (params.get('status') === 'authenticated') return { kind: 'online', gateway }
    let client: ReturnType<typeof decodeFasQuery>
    try {
      client = decodeFasQuery(gateway, params)
    } catch (error) {
      if (!(error instanceof FasQueryError)) throw error
      this.deps.log.warn({ gateway: gateway.id, reason: error.message }, 'wifi portal: bad query')
      throw new PortalProblem(400, 'This page needs the link the festival WiFi sends you to.')
    }
    const state: PortalState = {
      g: gateway.id,
      h: client.hid,
      m: keyedHash(this.deps.keys.device, client.clientmac),
      a: client.gatewayaddress,
      d: client.authdir,
      o: client.originurl,
      u: deviceLabel(userAgent),
      x: this.deps.now() + STATE_LIFETIME_MS,
    }
    return { kind: 'form', gateway, state: sealPortalState(this.deps.keys.portalState, state) }
  }

  /** The state a form carried, or a clear problem when it is not good any more. */
  state(gatewayId: string, sealed: string | undefined): { gateway: Gateway; state: PortalState } {
    const gateway = this.gateway(gatewayId)
    const state = sealed
      ? openPortalState(this.deps.keys.portalState, sealed, this.deps.now())
      : null
    if (!state || state.g !== gateway.id) {
      throw new PortalProblem(
        400,
        'This sign-in page has expired. Open any website to get back to the WiFi sign-in.',
      )
    }
    return { gateway, state }
  }

  async signIn(
    gatewayId: string,
    sealed: string | undefined,
    input: { email: string; password: string },
    meta: RequestMeta,
  ): Promise<PortalOutcome> {
    const { gateway, state } = this.state(gatewayId, sealed)
    let account: { id: string }
    try {
      await this.hitDeviceLimit('wifi:signin:device', 'RATE_LIMIT_SIGNIN_PER_IP', state)
      account = await this.deps.auth.verifyCredentials(
        input,
        this.attemptMeta(meta, gateway, 'password'),
      )
    } catch (error) {
      return refusal(error, 'sign-in')
    }
    return this.admit(gateway, state, sealed!, account.id, meta, 'sign-in')
  }

  async signUp(
    gatewayId: string,
    sealed: string | undefined,
    input: { email: string; password: string },
    meta: RequestMeta,
  ): Promise<PortalOutcome> {
    const { gateway, state } = this.state(gatewayId, sealed)
    let answer: Awaited<ReturnType<AuthService['signUp']>>
    try {
      await this.hitDeviceLimit('wifi:signup:device', 'RATE_LIMIT_SIGNUP_PER_IP', state)
      answer = await this.deps.auth.signUp(input, this.attemptMeta(meta, gateway, 'password'))
    } catch (error) {
      return refusal(error, 'sign-up')
    }
    if ('access_token' in answer) {
      return this.admit(gateway, state, sealed!, answer.user.id, meta, 'sign-up')
    }
    // Confirmation by mail is on: a short grant to open it, at most one per device and window.
    if (this.deps.config.WIFI_GRACE_MINUTES === 0) {
      return { kind: 'refused', field: 'sign-up', message: CONFIRM_FIRST }
    }
    try {
      await this.deps.limiter.hit({ name: 'wifi:grace:device', max: 1 }, state.m)
    } catch (error) {
      return refusal(error, 'sign-up')
    }
    const allowance = {
      ...defaultAllowance(this.deps.config),
      minutes: this.deps.config.WIFI_GRACE_MINUTES,
    }
    const request = this.request(gateway, state, sealed!, allowance, meta, true)
    const admission = await admitForGrace(request)
    return { kind: 'grace', admission, state, sealed: sealed! }
  }

  async enterCode(
    gatewayId: string,
    sealed: string | undefined,
    typed: string,
    meta: RequestMeta,
  ): Promise<PortalOutcome> {
    const { gateway, state } = this.state(gatewayId, sealed)
    try {
      // Every try counts, per device, as a sign-in of the client's address, and per gateway: 40
      // bits are not guessed at these rates.
      await this.hitDeviceLimit('wifi:code:device', 'WIFI_CODE_ATTEMPTS_PER_DEVICE', state)
      await this.deps.auth.countSignInAttempt(this.attemptMeta(meta, gateway, 'code'))
    } catch (error) {
      return refusal(error, 'code')
    }
    const code = normalizePassCode(typed)
    // Looked up by a keyed hash: no comparison of the secret itself, so nothing to time.
    const pass = code
      ? await findPassByCodeHash(this.deps.database.db, keyedHash(this.deps.keys.codeLookup, code))
      : undefined
    if (!pass) {
      return {
        kind: 'refused',
        field: 'code',
        message: 'That WiFi pass code is not valid. Check it in the VibeConnect app.',
      }
    }
    return this.admit(gateway, state, sealed!, pass.user_id, meta, 'code')
  }

  /** Level 3's "Connecting…" page: has the gateway collected the grant yet, and since when we wait. */
  async connecting(
    gatewayId: string,
    sealed: string | undefined,
  ): Promise<{ connected: boolean; waitedMs: number }> {
    const { gateway, state } = this.state(gatewayId, sealed)
    const grant = await findGrant(
      this.deps.database.db,
      gateway.id,
      rhidOf(state.h, gateway.faskey),
    )
    if (!grant)
      throw new PortalProblem(
        400,
        'The WiFi gateway did not get this sign-in. Please sign in again.',
      )
    return {
      connected: grant.acknowledged_at !== null,
      waitedMs: this.deps.now() - grant.created_at,
    }
  }

  /** The state of the online page, when it is still good; null otherwise (no link back then). */
  onlineState(gatewayId: string, sealed: string | undefined): PortalState | null {
    const gateway = this.gateway(gatewayId)
    const state = sealed
      ? openPortalState(this.deps.keys.portalState, sealed, this.deps.now())
      : null
    return state && state.g === gateway.id ? state : null
  }

  authmon(gatewayId: string, request: AuthmonRequest, clientIp: string): Promise<string> {
    return answerAuthmon(
      this.deps.database,
      this.gateway(gatewayId),
      request,
      clientIp,
      this.deps.now(),
    )
  }

  private async admit(
    gateway: Gateway,
    state: PortalState,
    sealed: string,
    userId: string,
    meta: RequestMeta,
    field: RefusedField,
  ): Promise<PortalOutcome> {
    // The level the user has reached now: a grant keeps what it gave, whatever happens later.
    const grant = await this.deps.levels.grantFor(userId)
    const allowance = levelAllowance(this.deps.config, grant)
    const request = this.request(gateway, state, sealed, allowance, meta)
    const admission = await admitDevice(request, userId, grant.devices)
    if (admission.kind === 'full') {
      return { kind: 'refused', field, message: fullMessage(admission.holders, this.deps.config) }
    }
    this.deps.log.info(
      { gateway: gateway.id, level: gateway.level, minutes: allowance.minutes },
      'wifi portal: device admitted',
    )
    return { kind: 'admitted', admission, state, sealed }
  }

  private request(
    gateway: Gateway,
    state: PortalState,
    sealed: string,
    allowance: WifiAllowance,
    meta: RequestMeta,
    grace = false,
  ) {
    // Levels 1-2: the gateway sends the phone here; a grace grant's page says to open the mail.
    const flag = grace ? '&grace=1' : ''
    return {
      database: this.deps.database,
      gateway,
      state,
      allowance,
      onlineUrl: `${meta.siteUrl}/wifi/portal/${gateway.id}/online?s=${sealed}${flag}`,
      now: this.deps.now(),
    }
  }

  /**
   * One device's own budget (its keyed MAC hash), one client's worth. Narrower than the client
   * address's, never instead of it: at level 1 anyone can make up a MAC for every try.
   */
  private hitDeviceLimit(name: string, budget: DeviceBudget, state: PortalState): Promise<void> {
    return this.deps.limiter.hit({ name, max: this.deps.config[budget] }, state.m)
  }

  /**
   * A try here counts as the app's sign-ins and sign-ups do, against the request's own address (a
   * declared uplink's crowd budget, ADR 026) and, for a password, the account's failures from it;
   * then against the gateway's budget, which bounds what one portal can cost (argon2, code
   * guesses) and which a client its address refused does not spend.
   */
  private attemptMeta(meta: RequestMeta, gateway: Gateway, kind: 'password' | 'code'): RequestMeta {
    const max = this.deps.config[GATEWAY_BUDGETS[kind]]
    return {
      ...meta,
      alsoCounts: [{ limit: { name: `wifi:${kind}:gateway`, max }, subject: gateway.id }],
    }
  }
}

type DeviceBudget =
  | 'RATE_LIMIT_SIGNIN_PER_IP'
  | 'RATE_LIMIT_SIGNUP_PER_IP'
  | 'WIFI_CODE_ATTEMPTS_PER_DEVICE'

// Tries one gateway's portal takes per rate-limit window, from everyone together.
const GATEWAY_BUDGETS = {
  password: 'WIFI_PASSWORD_ATTEMPTS_PER_GATEWAY',
  code: 'WIFI_CODE_ATTEMPTS_PER_GATEWAY',
} as const
