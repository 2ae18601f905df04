import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError, notFound } from '../http/app-error'
import type { AppMetrics } from './metrics'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /metrics` for Prometheus: 404 unless METRICS_TOKEN is set, then only with that bearer token
 * (compared in constant time; 401 without it or with another).
 */
export function metricsRoutes(metrics: AppMetrics | undefined, token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token)
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/metrics', async (request, reply) => {
      if (!metrics || !expected)
        throw notFound('Metrics are off: set METRICS_TOKEN to turn them on')
      const header = request.headers.authorization ?? ''
      const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? ''
      if (!timingSafeEqual(digest(given), expected)) {
        throw new AppError(
          401,
          'no_authorization',
          'This needs the metrics token',
          undefined,
          undefined,
          {
            'WWW-Authenticate': 'Bearer realm="metrics"',
          },
        )
      }
      const body = await metrics.registry.metrics()
      return reply
        .header('Content-Type', metrics.registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(body)
    })
  }
}
