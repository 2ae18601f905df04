import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type AdmissionRules, LiveAdmission } from './live-admission'
import type { LiveConnection } from './live-connection'

const UPLINK = '203.0.113.7'
const silentLog = { warn() {} } as unknown as FastifyBaseLogger
const socketFrom = (ip: string) =>
  ({ ip, countsAgainstAddress: false, account: undefined }) as LiveConnection

function setup(rules: Partial<AdmissionRules> = {}) {
  return new LiveAdmission(
    { maxConnectionsFor: () => 1, maxConnectionsPerAccount: 2, ...rules },
    silentLog,
  )
}

describe('LiveAdmission', () => {
  it('keeps counting a socket against its address when the known-guest read fails', async () => {
    const admission = setup({
      countsAgainstAccountOnly: async () => {
        throw new Error('database unavailable')
      },
    })
    const first = socketFrom(UPLINK)
    expect(admission.admitAddress(first)).toBe(true)
    await admission.admitAccount(first, 'u1', () => true)
    expect(first.countsAgainstAddress).toBe(true)
    expect(admission.admitAddress(socketFrom(UPLINK))).toBe(false)
  })

  it('gives each place back once when a socket closes during the known-guest read', async () => {
    let answer: (known: boolean) => void = () => {}
    let reads = 0
    const admission = setup({
      // The first read waits for the test; later ones say "not known" at once.
      countsAgainstAccountOnly: () => {
        reads += 1
        return reads === 1 ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(false)
      },
    })
    const closing = socketFrom(UPLINK)
    admission.admitAddress(closing)
    let open = true
    const admitted = admission.admitAccount(closing, 'u1', () => open)
    open = false
    admission.release(closing)
    // Another socket takes the place the closed one gave back, before the read answers.
    const next = socketFrom(UPLINK)
    expect(admission.admitAddress(next)).toBe(true)
    answer(true)
    await admitted
    expect(admission.admitAddress(socketFrom(UPLINK))).toBe(false)
    await admission.admitAccount(next, 'u1', () => true)
    await admission.admitAccount(socketFrom('198.51.100.1'), 'u1', () => true)
    await expect(
      admission.admitAccount(socketFrom('198.51.100.2'), 'u1', () => true),
    ).rejects.toMatchObject({ status: 429, code: 'too_many_connections' })
    expect(admission.refused).toEqual({ forAddress: 1, forAccount: 1 })
  })

  it('moves a socket whose token now names another account to that account’s count', async () => {
    const admission = setup()
    const socket = socketFrom('198.51.100.1')
    admission.admitAddress(socket)
    await admission.admitAccount(socket, 'u1', () => true)
    await admission.admitAccount(socket, 'u2', () => true)
    // u1's place is free again: two more sockets fit.
    await admission.admitAccount(socketFrom('198.51.100.2'), 'u1', () => true)
    await admission.admitAccount(socketFrom('198.51.100.3'), 'u1', () => true)
    expect(admission.refused.forAccount).toBe(0)
  })
})
