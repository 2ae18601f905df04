import { describe, expect, it } from 'vitest'
import { mayPoll } from './authmon'
import type { Gateway } from './wifi-gateways'

const gateway = (pollFrom?: string[]): Gateway => ({
  id: 'gate',
  name: 'Gate',
  faskey: 'a-long-enough-faskey',
  level: 3,
  ...(pollFrom ? { pollFrom } : {}),
})

describe("authmon's poll addresses", () => {
  it.each([
    ['an IPv4-mapped poller (a server listening on ::)', ['192.0.2.1'], '::ffff:192.0.2.1'],
    ['the mapped form in hex', ['192.0.2.1'], '::ffff:c000:201'],
    ['an IPv4-mapped address in the list', ['::ffff:192.0.2.1'], '192.0.2.1'],
    ['IPv6 spelled another way', ['2001:DB8:0:0::10'], '2001:db8::10'],
    ['the same text', ['203.0.113.10'], '203.0.113.10'],
  ])('match %s', (_name, pollFrom, ip) => {
    expect(mayPoll(gateway(pollFrom), ip)).toBe(true)
  })

  it.each([
    ['another IPv4 address', ['192.0.2.1'], '192.0.2.2'],
    ['another address mapped', ['192.0.2.1'], '::ffff:192.0.2.2'],
    ['another IPv6 address', ['2001:db8::10'], '2001:db8::11'],
    ['no address at all', ['192.0.2.1'], 'wifi-device:192.0.2.1'],
  ])('refuse %s', (_name, pollFrom, ip) => {
    expect(mayPoll(gateway(pollFrom), ip)).toBe(false)
  })

  it('let any address poll when the gateway lists none', () => {
    expect(mayPoll(gateway(), '198.51.100.99')).toBe(true)
  })
})
