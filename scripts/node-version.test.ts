import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isSupported, SUPPORTED, unsupportedMessage } from './node-version.mjs'

describe('the supported Node.js lines', () => {
  it.each([
    ['v20.20.2', false],
    ['v22.12.0', false],
    ['v22.21.9', false],
    ['v22.22.0', true],
    ['v22.23.3', true],
    ['v23.11.0', false],
    ['v24.0.0', true],
    ['v25.2.1', false],
    ['v26.10.0', true],
    ['v27.0.0', true],
  ])('%s supported: %s', (version, supported) => {
    expect(isSupported(version)).toBe(supported)
    expect(unsupportedMessage(version) === null).toBe(supported)
  })

  it('are what package.json promises in engines', () => {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8'))
    const expected = SUPPORTED.map(({ major, minor }, i) =>
      i === SUPPORTED.length - 1 ? `>=${major}.${minor}.0` : `^${major}.${minor}.0`,
    ).join(' || ')
    expect(engines.node).toBe(expected)
  })

  it('tells an old Node what to install, and says which version it found', () => {
    const message = unsupportedMessage('v20.20.2')!
    expect(message).toContain('this is Node.js 20.20.2')
    expect(message).toContain('nvm install 26')
    expect(message).toContain('scripts/install-node.sh 26')
  })
})
