import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { LineupFailure } from '../../shared/lineup/lineup.schema'
import { isDatabaseUnavailable } from '../db/database-errors'
import { AppError } from '../http/app-error'

/**
 * The lineup speaks the spec's envelope even when it fails: `{ success: false, error }` JSON
 * with a 4xx or 5xx status, never the app's `{ code, message }` nor an HTML page.
 */
export function sendLineupFailure(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let status = 500
  let message = 'Something went wrong on our side'
  if (error instanceof AppError) {
    status = error.status
    message = error.message
    if (error.headers) reply.headers(error.headers)
  } else if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable while reading the lineup')
    status = 503
    message = 'The lineup is unavailable right now, try again shortly'
    reply.header('Retry-After', '5')
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode
    message = error.message
  } else {
    request.log.error({ err: error, url: request.url }, 'unexpected error while reading the lineup')
  }
  const body: LineupFailure = { success: false, error: message }
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body)
}
