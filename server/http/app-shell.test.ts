import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/test-app'

describe('the HTTP shell', () => {
  const t = useTestApp(
    { BODY_LIMIT_BYTES: '2048' },
    {
      // A route that accepts a body, so the size limit and JSON parsing can be exercised.
      extend: (app) => app.post('/api/test-echo', async (request) => ({ received: request.body })),
    },
  )

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  it('answers unknown API routes with the 404 envelope', async () => {
    const response = await t.app.inject('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ code: 'not_found', message: 'No route for GET /api/nope' })
  })

  it('answers bad JSON with 400 and an oversized body with 413, in the envelope', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'bad_json' })

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ code: 'payload_too_large' })
  })

  // Every kind of answer: a success, a 404, a refused body and an oversized one.
  const answers = {
    'a success': () => t.app.inject('/healthz'),
    'a 404': () => t.app.inject('/api/nope'),
    'a 400': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"oops":',
      }),
    'a 413': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(4096) }),
      }),
  }
  for (const [kind, answer] of Object.entries(answers)) {
    it(`sends security headers with a CSP that forbids inline script and styles and frames on ${kind}`, async () => {
      const response = await answer()
      const csp = String(response.headers['content-security-policy'])
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name, ...values] = part.trim().split(/\s+/)
          return [name, values.join(' ')] as const
        }),
      )
      expect(directives.get('default-src')).toBe("'self'")
      expect(directives.get('script-src')).toBe("'self'")
      expect(directives.get('style-src')).toBe("'self'")
      expect(directives.get('connect-src')).toBe("'self'")
      expect(directives.get('object-src')).toBe("'none'")
      expect(directives.get('base-uri')).toBe("'none'")
      expect(directives.get('frame-ancestors')).toBe("'none'")
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('no-referrer')
      expect(response.headers['x-request-id']).toBeTruthy()
    })
  }

  it('serves the public festival identity', async () => {
    const response = await t.app.inject('/api/festival')
    expect(response.json()).toEqual({
      name: 'Sunwave Festival',
      year: 2026,
      timeZone: 'Europe/Amsterdam',
      dayChangeHour: 6,
      wifiProvider: 'Nova Mobile',
      // 2025 to the end of 2027, summer time's starts and ends on their minutes (ADR 038).
      zoneOffsets: {
        timeZone: 'Europe/Amsterdam',
        from: Date.UTC(2025, 0, 1),
        until: Date.UTC(2028, 0, 1),
        changes: [
          { at: Date.UTC(2025, 0, 1), minutes: 60 },
          { at: Date.UTC(2025, 2, 30, 1), minutes: 120 },
          { at: Date.UTC(2025, 9, 26, 1), minutes: 60 },
          { at: Date.UTC(2026, 2, 29, 1), minutes: 120 },
          { at: Date.UTC(2026, 9, 25, 1), minutes: 60 },
          { at: Date.UTC(2027, 2, 28, 1), minutes: 120 },
          { at: Date.UTC(2027, 9, 31, 1), minutes: 60 },
        ],
      },
    })
  })
})
