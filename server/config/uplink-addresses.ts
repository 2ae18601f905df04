import { BlockList, isIP } from 'node:net'
import { z } from 'zod'

/** One address or subnet that many people share (a festival WiFi's uplink), as declared. */
export interface UplinkEntry {
  address: string
  /** The subnet's prefix length; undefined for a single address. */
  prefix: number | undefined
  family: 'ipv4' | 'ipv6'
}

// A declaration wider than these would hand crowd budgets to whole networks, not a site's uplinks.
const WIDEST_PREFIX = { ipv4: 16, ipv6: 32 } as const
const LONGEST_PREFIX = { ipv4: 32, ipv6: 128 } as const

/**
 * WIFI_UPLINK_ADDRESSES: comma-separated addresses and subnets (CIDR), each checked, every bad one
 * named. Unset declares none.
 */
export const uplinkAddressesFromEnv = z
  .string()
  .default('')
  .transform((value, ctx): UplinkEntry[] => {
    const entries: UplinkEntry[] = []
    for (const text of value.split(',').map((part) => part.trim())) {
      if (text === '') continue
      const entry = parseEntry(text)
      if (typeof entry === 'string') ctx.addIssue({ code: 'custom', message: `${text}: ${entry}` })
      else entries.push(entry)
    }
    return entries
  })

/** The entry, or what is wrong with it. */
function parseEntry(text: string): UplinkEntry | string {
  const [address = '', prefixText, ...rest] = text.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) {
    return 'not an IP address or subnet (203.0.113.7, 203.0.113.0/24 or 2001:db8::/48)'
  }
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (prefixText === undefined) return { address, prefix: undefined, family }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN
  if (!(prefix <= LONGEST_PREFIX[family])) {
    return `the prefix must be a number up to ${LONGEST_PREFIX[family]}`
  }
  if (prefix < WIDEST_PREFIX[family]) {
    return `declares too many addresses: at most a /${WIDEST_PREFIX[family]}`
  }
  return { address, prefix, family }
}

/** A per-address limit's two sizes: for one client's address, and for a declared uplink. */
export interface AddressBudget {
  perAddress: number
  perUplink: number
}

/**
 * The declared uplinks (docs/wifi.md): addresses that everyone behind a festival's WiFi shares,
 * which get the crowd's budget in per-address limits instead of one client's.
 */
export class UplinkAddresses {
  private readonly list = new BlockList()
  private readonly empty: boolean

  constructor(entries: readonly UplinkEntry[]) {
    for (const { address, prefix, family } of entries) {
      if (prefix === undefined) this.list.addAddress(address, family)
      else this.list.addSubnet(address, prefix, family)
    }
    this.empty = entries.length === 0
  }

  /** Whether `ip` (as Fastify's `request.ip` gives it) is a declared uplink. */
  isUplink(ip: string): boolean {
    if (this.empty) return false
    // BlockList matches an IPv4-mapped IPv6 address (::ffff:a.b.c.d) against IPv4 rules itself.
    const version = isIP(ip)
    return version !== 0 && this.list.check(ip, version === 4 ? 'ipv4' : 'ipv6')
  }

  /** The size of a per-address limit for `ip`. */
  budget(ip: string, { perAddress, perUplink }: AddressBudget): number {
    return this.isUplink(ip) ? perUplink : perAddress
  }
}
