import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('fills in defaults for the embedded setup', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBe('sqlite:./data/vibeconnect.db')
    expect(config.AUTH_EMAIL_CONFIRMATION).toBe(false)
  })

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FESTIVAL_TIME_ZONE: 'Mars/Base' })
      expect.unreachable('loadConfig should have thrown')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const message = (error as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('DATABASE_URL')
      expect(message).toContain('FESTIVAL_TIME_ZONE')
    }
  })

  it('treats empty variables as unset and reads switches', () => {
    const config = loadConfig({ PORT: '', AUTH_EMAIL_CONFIRMATION: 'true' })
    expect(config.PORT).toBe(3000)
    expect(config.AUTH_EMAIL_CONFIRMATION).toBe(true)
  })

  it('reads the HTTP timeouts and refuses a headers timeout longer than the request timeout', () => {
    const config = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '900' })
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(500)
    expect(config.HTTP_CONNECTION_TIMEOUT_MS).toBe(60_000)
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/)
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/)
  })
})
