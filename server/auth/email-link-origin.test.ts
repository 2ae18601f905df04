import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config'
import { siteOrigin } from '../config/site-origin'
import { GOOD_PASSWORD, latestMail, uniqueEmail } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

// Host-header poisoning: whoever asks for a password-reset mail chooses the request's Host
// and X-Forwarded-Host. If the mailed link were built from them, the victim's reset token
// would be sent to the attacker's site. Links must come from configuration only.
const FORGED = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
}

describe('e-mail links ignore forged Host headers', () => {
  let origin: string
  // TRUST_PROXY on: even a trusted proxy's forwarded host must not choose the link.
  const t = useTestApp({
    AUTH_EMAIL_CONFIRMATION: 'true',
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
  })
  beforeAll(async () => {
    origin = await t.listen()
  })

  it('confirmation and recovery links point at the listening address, not the request', async () => {
    const email = uniqueEmail()
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: FORGED,
      payload: { email, password: GOOD_PASSWORD },
    })
    expect(signUp.statusCode).toBe(200)
    const confirmation = await latestMail(t.outbox, email)
    expect(confirmation.kind).toBe('confirmation')
    expect(new URL(confirmation.link).origin).toBe(origin)
    const confirm = new URL(confirmation.link)
    await t.app.inject({ url: `${confirm.pathname}${confirm.search}` })

    const recover = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: FORGED,
      payload: { email },
    })
    expect(recover.statusCode).toBe(200)
    const recovery = await latestMail(t.outbox, email, { kind: 'recovery' })
    expect(recovery.kind).toBe('recovery')
    expect(new URL(recovery.link).origin).toBe(origin)
    expect(recovery.link).not.toContain('attacker.example')
  })

  it('a forged host cannot pass as an allowed redirect either', async () => {
    const email = uniqueEmail()
    await t.app.inject({
      method: 'POST',
      url: `/auth/v1/signup?redirect_to=${encodeURIComponent('https://attacker.example/steal')}`,
      headers: FORGED,
      payload: { email, password: GOOD_PASSWORD },
    })
    const link = new URL((await latestMail(t.outbox, email)).link)
    const redirectTo = link.searchParams.get('redirect_to') ?? ''
    expect(redirectTo).not.toContain('attacker.example')
  })
})

describe('siteOrigin', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env })

  it('is PUBLIC_URL when set, reduced to its origin', () => {
    expect(siteOrigin(config({ PUBLIC_URL: 'https://vibes.example.org/app/' }), null)).toBe(
      'https://vibes.example.org',
    )
  })

  it('is the listening port on localhost for a wildcard address', () => {
    const listening = { address: '0.0.0.0', family: 'IPv4', port: 41234 }
    expect(siteOrigin(config({ HOST: '0.0.0.0' }), listening)).toBe('http://localhost:41234')
    expect(siteOrigin(config({ HOST: '::', PORT: '8080' }), null)).toBe('http://localhost:8080')
  })

  it('keeps a specific host, bracketing IPv6', () => {
    expect(siteOrigin(config({ HOST: '10.1.2.3', PORT: '3000' }), null)).toBe(
      'http://10.1.2.3:3000',
    )
    expect(siteOrigin(config({ HOST: '::1', PORT: '3000' }), null)).toBe('http://[::1]:3000')
  })

  it('is https when the app serves HTTPS itself (ADR 041)', () => {
    const tls = { TLS_CERT_FILE: '/etc/vibes/cert.pem', TLS_KEY_FILE: '/etc/vibes/key.pem' }
    expect(siteOrigin(config({ HOST: '10.1.2.3', PORT: '443', ...tls }), null)).toBe(
      'https://10.1.2.3:443',
    )
  })
})
