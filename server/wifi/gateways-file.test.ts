import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../config/config'
import { startServerProcess } from '../test/server-process'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { gatewaysFile } from '../test/wifi-helpers'
import { loadGateways } from './wifi-gateways'

const SHORT_KEY = 'too-short-key'

/** The ConfigError's problems that loading `path` throws. */
function problemsOf(path: string): string[] {
  try {
    loadGateways(path)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  throw new Error(`${path} loaded`)
}

// docs/wifi.md: "A bad file stops the server at start with every problem named."
describe('a bad WIFI_GATEWAYS_FILE', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('stops the real server at start, naming every problem and no key', async () => {
    const path = gatewaysFile([
      { id: 'main-gate', name: 'Main Gate', faskey: SHORT_KEY, level: 3, pollFrom: ['uplink'] },
      { id: 'Camping', name: 'Camping', faskey: 'a-long-enough-secret-key', level: 0 },
      { id: 'main-gate', name: 'Again', faskey: 'another-long-secret-key', level: 1 },
      { id: 'bar', name: 'Bar', faskey: 'yet-another-long-secret', level: 1, address: 'bar:80' },
    ])
    const start = startServerProcess({ DATABASE_URL: database.url, WIFI_GATEWAYS_FILE: path })
    const failure = await start.then(
      (server) => server.stop('SIGKILL').then(() => new Error('the server started')),
      (error: Error) => error,
    )
    const output = failure.message
    expect(output).toContain('server exited early')
    expect(output).toContain('Invalid configuration:')
    for (const problem of [
      'WIFI_GATEWAYS_FILE: gateway 0.faskey: must be at least 16 characters',
      'WIFI_GATEWAYS_FILE: gateway 0.pollFrom.0: must be an IP address',
      'WIFI_GATEWAYS_FILE: gateway 1.id: must be 1-40 lower-case letters, digits or -',
      'WIFI_GATEWAYS_FILE: gateway 1.level: must be 1, 2 or 3 (level 0 sends the client token in clear',
      'WIFI_GATEWAYS_FILE: gateway 2.id: main-gate is listed twice',
      'WIFI_GATEWAYS_FILE: gateway 3.address: must be ip:port',
    ]) {
      expect(output).toContain(problem)
    }
    expect(output).not.toContain(SHORT_KEY)
    expect(output).not.toContain('a-long-enough-secret-key')
  })

  it('names a file that cannot be read, or is not JSON', () => {
    expect(problemsOf('/nonexistent/gateways.json')).toEqual([
      expect.stringMatching(/^WIFI_GATEWAYS_FILE: cannot read \/nonexistent\/gateways\.json \(/),
    ])
    const notJson = gatewaysFile()
    writeFileSync(notJson, '[{ "id": "main-gate", ')
    expect(problemsOf(notJson)).toEqual([
      expect.stringMatching(/^WIFI_GATEWAYS_FILE: .* is not JSON \(/),
    ])
  })
})
