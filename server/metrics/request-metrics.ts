import type { Registry } from 'prom-client'

/** Upper bounds of the request-duration histogram, in seconds. */
export const REQUEST_SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface Series {
  method: string
  route: string
  status: string
  count: number
}

interface Durations {
  method: string
  route: string
  count: number
  sum: number
  /** Per bucket, not cumulative (the last one is +Inf); summed up at scrape time. */
  buckets: number[]
}

/**
 * Requests by method, route pattern and status, and their durations, counted on the request path
 * in plain numbers (one map lookup and a few additions per request) and turned into Prometheus's
 * counter and histogram only when scraped. prom-client's own labelled children hash and check
 * their labels on every call; this is what the hot path pays instead.
 */
export class RequestMetrics {
  private readonly series = new Map<string, { series: Series; durations: Durations }>()
  private readonly durations = new Map<string, Durations>()

  constructor(registry: Registry) {
    registry.registerMetric(
      this.metric(
        'vibeconnect_http_requests_total',
        'HTTP requests answered, by method, route pattern and status',
        'counter',
        () =>
          [...this.series.values()].map(({ series }) => ({
            labels: { method: series.method, route: series.route, status: series.status },
            value: series.count,
          })),
      ),
    )
    const name = 'vibeconnect_http_request_duration_seconds'
    registry.registerMetric(
      this.metric(
        name,
        'Time to answer HTTP requests, by method and route pattern',
        'histogram',
        () =>
          [...this.durations.values()].flatMap((durations) => {
            const labels = { method: durations.method, route: durations.route }
            let cumulative = 0
            const buckets = durations.buckets.map((count, index) => {
              cumulative += count
              const le = index < REQUEST_SECONDS.length ? String(REQUEST_SECONDS[index]) : '+Inf'
              return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative }
            })
            return [
              ...buckets,
              { metricName: `${name}_sum`, labels, value: durations.sum },
              { metricName: `${name}_count`, labels, value: durations.count },
            ]
          }),
      ),
    )
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`
    let entry = this.series.get(key)
    if (!entry) {
      entry = {
        series: { method, route, status: String(status), count: 0 },
        durations: this.durationsOf(method, route),
      }
      this.series.set(key, entry)
    }
    entry.series.count += 1
    const durations = entry.durations
    durations.count += 1
    durations.sum += seconds
    let bucket = 0
    while (bucket < REQUEST_SECONDS.length && seconds > REQUEST_SECONDS[bucket]!) bucket += 1
    durations.buckets[bucket]! += 1
  }

  private durationsOf(method: string, route: string): Durations {
    const key = `${method} ${route}`
    let durations = this.durations.get(key)
    if (!durations) {
      const buckets = new Array<number>(REQUEST_SECONDS.length + 1).fill(0)
      durations = { method, route, count: 0, sum: 0, buckets }
      this.durations.set(key, durations)
    }
    return durations
  }

  /** A metric as prom-client's registry reads it: a name and what `get` returns at scrape time. */
  private metric(
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => Array<{ metricName?: string; labels: Record<string, string>; value: number }>,
  ) {
    // The registry only reads `name` and calls `get()`; the rest of its Metric type is unused.
    return {
      name,
      get: async () => ({ name, help, type, values: values(), aggregator: 'sum' }),
    } as never
  }
}
