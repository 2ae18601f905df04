import { describe, expect, it } from 'vitest'
import { bearer, signIn } from '../test/auth-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { testDialect } from '../test/test-database'
import { signUpWithVibe } from '../test/vibe-helpers'

const TOKEN = 'a-long-random-metrics-token-for-tests'

describe('/metrics without METRICS_TOKEN', () => {
  const t = useTestApp()

  it('is not there: 404 whatever is sent', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const answer = await t.app.inject({ url: '/metrics', headers })
      expect(answer.statusCode).toBe(404)
      expect(answer.json().code).toBe('not_found')
    }
  })
})

describe('/metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN })
  const scrape = async () => {
    const answer = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })
    expect(answer.statusCode).toBe(200)
    return answer.body
  }

  it('refuses a scrape without the token or with another one', async () => {
    for (const headers of [
      {},
      bearer('wrong'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const answer = await t.app.inject({ url: '/metrics', headers })
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401)
      expect(answer.json().code).toBe('no_authorization')
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(answer.body).not.toContain('vibeconnect_')
    }
  })

  it('counts requests by route pattern, never by the raw address', async () => {
    const { user, vibe } = await signUpWithVibe(t)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${vibe.id}`,
      headers: bearer(user.accessToken),
      payload: { username: 'Luna', emoji: '🎉', status: 'counted' },
    })
    await t.app.inject({ url: `/no/such/page/${vibe.id}` })
    await signIn(t, user.email)
    const text = await scrape()
    expect(text).toMatch(
      /vibeconnect_http_requests_total\{method="PATCH",route="\/api\/vibes\/:id",status="200"\} 1/,
    )
    expect(text).toMatch(
      /vibeconnect_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/,
    )
    expect(text).toMatch(
      /vibeconnect_http_request_duration_seconds_bucket\{method="POST",route="\/api\/vibes",le="\+Inf"\} 1/,
    )
    expect(text).not.toContain(vibe.id)
    expect(text).not.toContain(user.email)
    expect(text).not.toContain(user.userId)
  })

  it('shows live sockets, fan-out lag, the password-hash queue and the process', async () => {
    const baseUrl = await t.listen()
    const { user } = await signUpWithVibe(t)
    const client = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    try {
      await signUpWithVibe(t)
      await client.next((message) => message.type === 'vibe')
      const text = await scrape()
      expect(text).toMatch(/^vibeconnect_live_sockets 1$/m)
      expect(text).toMatch(/^vibeconnect_live_sockets_signed_in 1$/m)
      expect(text).toMatch(/^vibeconnect_live_fanout_lag_seconds_count [1-9]\d*$/m)
      expect(text).toMatch(/^vibeconnect_password_hash_queue_size 0$/m)
      expect(text).toMatch(/^vibeconnect_password_hashes_total [1-9]\d*$/m)
      expect(text).toMatch(/^vibeconnect_password_hash_threads \d+$/m)
      expect(text).toMatch(/^process_cpu_seconds_total /m)
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
      if (testDialect() === 'postgres') {
        expect(text).toMatch(/^vibeconnect_db_pool_connections\{state="total"\} \d+$/m)
        expect(text).toMatch(/^vibeconnect_db_pool_connections\{state="waiting"\} 0$/m)
      } else {
        expect(text).not.toContain('vibeconnect_db_pool_connections{')
      }
    } finally {
      client.close()
    }
  })
})
