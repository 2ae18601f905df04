import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'

describe('the HTTP shell', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { BODY_LIMIT_BYTES: '2048' },
      {
        // A route that accepts a body, so the size limit and JSON parsing can be exercised.
        extend: (app) =>
          app.post('/api/test-echo', async (request) => ({ received: request.body })),
      },
    )
  })
  afterAll(() => t.close())

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

  it('sends security headers with a CSP that forbids inline script and frames', async () => {
    const response = await t.app.inject('/healthz')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-request-id']).toBeTruthy()
  })

  it('serves the public festival identity', async () => {
    const response = await t.app.inject('/api/festival')
    expect(response.json()).toEqual({
      name: 'Sunwave Festival',
      year: 2026,
      timeZone: 'Europe/Amsterdam',
      dayChangeHour: 6,
      wifiProvider: 'Nova Mobile',
    })
  })
})
