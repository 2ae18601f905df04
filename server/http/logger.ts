import type { FastifyLoggerOptions } from 'fastify'
import type { LoggerOptions } from 'pino'
import type { Config } from '../config/config'

// Paths pino replaces with "[redacted]": secrets never reach a log line.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'res.headers["set-cookie"]',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.encrypted_password',
]

/** Structured JSON logs with request ids; URLs are logged without their query strings. */
export function loggerOptions(config: Config): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.NODE_ENV === 'test' && config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request) {
        return {
          method: request.method,
          // Query strings may carry one-time tokens (e-mail links): keep them out of the logs.
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }
      },
    },
  }
}
