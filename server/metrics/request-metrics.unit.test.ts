import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { RequestMetrics } from './request-metrics'

describe('request metrics', () => {
  it('counts by method, route and status, and fills the duration histogram cumulatively', async () => {
    const registry = new Registry()
    const metrics = new RequestMetrics(registry)
    metrics.observe('GET', '/api/vibes', 200, 0.002)
    metrics.observe('GET', '/api/vibes', 200, 3)
    metrics.observe('GET', '/api/vibes', 401, 0.001)
    const text = await registry.metrics()
    expect(text).toContain(
      'vibeconnect_http_requests_total{method="GET",route="/api/vibes",status="200"} 2',
    )
    expect(text).toContain(
      'vibeconnect_http_requests_total{method="GET",route="/api/vibes",status="401"} 1',
    )
    const bucket = (le: string) =>
      Number(
        new RegExp(
          `_bucket\\{method="GET",route="/api/vibes",le="${le.replace('+', '\\+')}"\\} (\\d+)`,
        ).exec(text)?.[1],
      )
    // 0.001 s is within the first bound (le is "less than or equal").
    expect([bucket('0.001'), bucket('0.005'), bucket('2.5'), bucket('5'), bucket('+Inf')]).toEqual([
      1, 2, 2, 3, 3,
    ])
    expect(text).toContain(
      'vibeconnect_http_request_duration_seconds_count{method="GET",route="/api/vibes"} 3',
    )
    const sum = /_sum\{method="GET",route="\/api\/vibes"\} ([\d.]+)/.exec(text)?.[1]
    expect(Number(sum)).toBeCloseTo(3.003, 9)
  })
})
