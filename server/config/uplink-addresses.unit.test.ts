import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { UplinkAddresses } from './uplink-addresses'

const declared = (value: string) =>
  new UplinkAddresses(loadConfig({ WIFI_UPLINK_ADDRESSES: value }).WIFI_UPLINK_ADDRESSES)

describe('WIFI_UPLINK_ADDRESSES', () => {
  it('declares nothing by default', () => {
    const uplinks = new UplinkAddresses(loadConfig({}).WIFI_UPLINK_ADDRESSES)
    expect(uplinks.isUplink('127.0.0.1')).toBe(false)
  })

  it('reads addresses and subnets of both families, with spaces around the commas', () => {
    const uplinks = declared(' 203.0.113.7 , 198.51.100.0/24,2001:db8:4::/48 ')
    expect(uplinks.isUplink('203.0.113.7')).toBe(true)
    expect(uplinks.isUplink('203.0.113.8')).toBe(false)
    expect(uplinks.isUplink('198.51.100.255')).toBe(true)
    expect(uplinks.isUplink('198.51.101.1')).toBe(false)
    expect(uplinks.isUplink('2001:db8:4:ffff::1')).toBe(true)
    expect(uplinks.isUplink('2001:db8:5::1')).toBe(false)
  })

  it('matches an IPv4 address however the server saw it (IPv4-mapped on a dual-stack socket)', () => {
    expect(declared('203.0.113.7').isUplink('::ffff:203.0.113.7')).toBe(true)
  })

  it("is never matched by what is not an address (the portal's per-device subjects)", () => {
    expect(declared('203.0.113.7').isUplink('wifi-device:203.0.113.7')).toBe(false)
    expect(declared('203.0.113.7').isUplink('')).toBe(false)
  })

  it('picks the uplink budget for a declared address and the normal one otherwise', () => {
    const uplinks = declared('203.0.113.7')
    expect(uplinks.budget('203.0.113.7', { perAddress: 20, perUplink: 1000 })).toBe(1000)
    expect(uplinks.budget('203.0.113.9', { perAddress: 20, perUplink: 1000 })).toBe(20)
  })

  it('names every bad entry, and refuses subnets so wide they would declare whole networks', () => {
    try {
      loadConfig({
        WIFI_UPLINK_ADDRESSES: 'gateway.local, 10.0.0.0/33, 10.0.0.0/4, ::/0, 1.2.3.4/x',
      })
      expect.unreachable('loadConfig should have thrown')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems
      expect(problems).toHaveLength(5)
      for (const problem of problems) expect(problem).toMatch(/^WIFI_UPLINK_ADDRESSES: /)
      expect(problems.join('\n')).toContain('gateway.local')
      expect(problems.join('\n')).toContain('10.0.0.0/4')
    }
  })

  it('has budgets sized for a crowd by default', () => {
    const config = loadConfig({})
    expect(config.RATE_LIMIT_SIGNUP_PER_UPLINK).toBe(1000)
    expect(config.RATE_LIMIT_SIGNIN_PER_UPLINK).toBe(2000)
    expect(config.RATE_LIMIT_RECOVER_PER_UPLINK).toBe(200)
    expect(config.RATE_LIMIT_VERIFY_PER_UPLINK).toBe(1000)
    expect(config.LIVE_MAX_CONNECTIONS_PER_UPLINK).toBe(10_000)
    expect(config.LIVE_MAX_CONNECTIONS_PER_ACCOUNT).toBe(10)
  })
})
