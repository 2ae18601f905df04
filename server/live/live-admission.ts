import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../http/app-error'
import type { LiveConnection } from './live-connection'

export interface AdmissionRules {
  /** The sockets one client address may hold: more for a declared uplink (ADR 026). */
  maxConnectionsFor(ip: string): number
  /** The signed-in sockets one account may hold, wherever they come from. */
  maxConnectionsPerAccount: number
  /**
   * Whether a signed-in account's socket from `ip` stops counting against the address: true when
   * `ip` is a declared uplink and the account has a device the WiFi portal admitted, online now.
   */
  countsAgainstAccountOnly?(ip: string, userId: string): Promise<boolean>
}

/**
 * The places live sockets hold: every open socket one in its client address's cap, every
 * signed-in one also one in its account's. Behind a declared uplink, an account the festival's
 * WiFi knows gives its address place back, so the crowd's budget is left to the others.
 */
export class LiveAdmission {
  private readonly perIp = new Map<string, number>()
  private readonly perAccount = new Map<string, number>()
  /** Sockets refused for their address's cap, and signed-in ones for their account's. */
  readonly refused = { forAddress: 0, forAccount: 0 }

  constructor(
    private readonly rules: AdmissionRules,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes a place in the address's cap for a new socket; false when the cap is reached. */
  admitAddress(connection: LiveConnection): boolean {
    if ((this.perIp.get(connection.ip) ?? 0) >= this.rules.maxConnectionsFor(connection.ip)) {
      this.refused.forAddress += 1
      return false
    }
    increment(this.perIp, connection.ip)
    connection.countsAgainstAddress = true
    return true
  }

  /**
   * Counts a signed-in socket against its account, once per account (a refreshed token for the
   * same account is the same socket). Throws 429 `too_many_connections` when the cap is reached.
   * `isOpen` says whether the socket is still open after the known-guest check's read.
   */
  async admitAccount(connection: LiveConnection, userId: string, isOpen: () => boolean) {
    if (connection.account === userId) return
    if ((this.perAccount.get(userId) ?? 0) >= this.rules.maxConnectionsPerAccount) {
      this.refused.forAccount += 1
      throw new AppError(429, 'too_many_connections', 'Too many live connections for this account')
    }
    if (connection.account !== undefined) decrement(this.perAccount, connection.account)
    connection.account = userId
    increment(this.perAccount, userId)
    if (connection.countsAgainstAddress && (await this.isKnownGuest(connection, userId))) {
      // Closed meanwhile: `release` has given both places back already.
      if (!isOpen() || !connection.countsAgainstAddress) return
      connection.countsAgainstAddress = false
      decrement(this.perIp, connection.ip)
    }
  }

  /** Gives back the places of a socket that closed. */
  release(connection: LiveConnection): void {
    if (connection.countsAgainstAddress) decrement(this.perIp, connection.ip)
    if (connection.account !== undefined) decrement(this.perAccount, connection.account)
    connection.countsAgainstAddress = false
    connection.account = undefined
  }

  private async isKnownGuest(connection: LiveConnection, userId: string): Promise<boolean> {
    if (!this.rules.countsAgainstAccountOnly) return false
    try {
      return await this.rules.countsAgainstAccountOnly(connection.ip, userId)
    } catch (error) {
      // Unknown is not "known": the socket keeps counting against its address.
      this.log.warn({ err: error }, 'live: could not tell whether the account is known')
      return false
    }
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1
  if (left > 0) counts.set(key, left)
  else counts.delete(key)
}
