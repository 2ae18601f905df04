import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { REQUEST_SECONDS, RequestMetrics } from './request-metrics'

/** What the operators' metrics read from the rest of the app, handed in by server/app.ts. */
export interface MetricsSources {
  /** This instance's live sockets: open, and signed in. */
  liveSockets(): { sockets: number; ready: number }
  /** The password-hashing threads (piscina). */
  hashPool(): { threads: number; queued: number; completed: number; utilization: number }
  /** PostgreSQL's connection pool; undefined on SQLite. */
  databasePool(): { total: number; idle: number; waiting: number } | undefined
}

/**
 * The operators' Prometheus metrics (docs/deployment.md), one registry per app instance: requests
 * by route pattern (never the raw URL, which carries ids and tokens), live sockets and fan-out
 * lag, the password-hash queue, the database pool, and Node's process figures.
 */
export class AppMetrics {
  readonly registry = new Registry()
  private readonly requests: RequestMetrics
  private readonly fanOutLag: Histogram

  constructor(sources: MetricsSources) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.requests = new RequestMetrics(this.registry)
    this.fanOutLag = new Histogram({
      name: 'vibeconnect_live_fanout_lag_seconds',
      help: 'From a live change reaching the fan-out to the end of the pass that sent it',
      buckets: REQUEST_SECONDS,
      registers,
    })
    const gauge = (name: string, help: string, read: () => number | undefined) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const value = read()
          if (value !== undefined) this.set(value)
        },
      })
    gauge('vibeconnect_live_sockets', 'Open live sockets', () => sources.liveSockets().sockets)
    gauge(
      'vibeconnect_live_sockets_signed_in',
      'Signed-in live sockets',
      () => sources.liveSockets().ready,
    )
    gauge(
      'vibeconnect_password_hash_queue_size',
      'Password hashes waiting for a thread',
      () => sources.hashPool().queued,
    )
    gauge('vibeconnect_password_hash_threads', 'Password-hashing threads running', () => {
      return sources.hashPool().threads
    })
    gauge(
      'vibeconnect_password_hash_utilization',
      'How busy the password-hashing threads were, 0 to 1',
      () => sources.hashPool().utilization,
    )
    new Counter({
      name: 'vibeconnect_password_hashes_total',
      help: 'Password hashes and checks done',
      registers,
      collect() {
        this.reset()
        this.inc(sources.hashPool().completed)
      },
    })
    new Gauge({
      name: 'vibeconnect_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.databasePool()
        if (!pool) return
        this.set({ state: 'total' }, pool.total)
        this.set({ state: 'idle' }, pool.idle)
        this.set({ state: 'waiting' }, pool.waiting)
      },
    })
  }

  /** Counts one answered request under its route pattern ('unmatched' for a 404 of no route). */
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void {
    this.requests.observe(method, route ?? 'unmatched', status, ms / 1000)
  }

  observeFanOut(lagMs: number): void {
    this.fanOutLag.observe(lagMs / 1000)
  }

  /** Counts every answer of `app` (a synchronous hook: no promise per request). */
  watch(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime,
      )
      done()
    })
  }
}
