import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorCode, ErrorEnvelope } from '../../shared/api/error-envelope'
import { isDatabaseUnavailable } from '../db/database-errors'
import { AppError } from './app-error'

// Fastify's own errors that are the client's fault, mapped to stable codes.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> =
  {
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: 'payload_too_large',
      message: 'The request body is too large',
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the body as application/json',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: 'bad_json',
      message: 'The JSON body is empty',
    },
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: 'bad_json',
      message: 'The body is not valid JSON',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: 'bad_json',
      message: 'The Content-Length does not match the body',
    },
  }

/** Installs the one error handler: every failure leaves as `{ code, message }` JSON. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return send(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...error.extra,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {}
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body'
        details[field] ??= issue.message ?? 'is invalid'
      }
      const first = Object.entries(details)[0]
      return send(reply, 400, {
        code: 'validation_failed',
        message: first ? `${first[0]}: ${first[1]}` : 'The request is invalid',
        details,
      })
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      const known = FASTIFY_CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY!
      return send(reply, known.status, { code: known.code, message: known.message })
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined
    if (known) return send(reply, known.status, { code: known.code, message: known.message })
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('Retry-After', '5')
      return send(reply, 503, {
        code: 'service_unavailable',
        message: 'The service is unavailable, try again shortly',
      })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, {
        code: 'validation_failed',
        message: error.message,
      })
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected error')
    return send(reply, 500, { code: 'internal_error', message: 'Something went wrong on our side' })
  })
}

/** Answers unknown API routes with the envelope; the client shell takes the other paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    code: 'not_found',
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
  })
}

function send(reply: FastifyReply, status: number, body: ErrorEnvelope & Record<string, unknown>) {
  // Auth clients read `code` as GoTrue's error code only when this header says so.
  reply.header('X-Supabase-Api-Version', '2024-01-01')
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}
