import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorEnvelope } from '../../shared/api/error-envelope'
import { securityHeaders } from './security-headers'

// Failures Node detects before a request reaches Fastify (malformed HTTP, a client too slow to
// send its headers or body): answered here, on the raw socket, in the same envelope.
const ANSWERS: Record<string, { status: number; reason: string; body: ErrorEnvelope }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { code: 'request_timeout', message: 'The request took too long to arrive' },
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { code: 'payload_too_large', message: 'The request headers are too large' },
  },
}
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  body: { code: 'validation_failed', message: 'The request is not valid HTTP' } as ErrorEnvelope,
}

// Answered before any hook runs, so these carry the security headers themselves.
const SECURITY_HEADERS = Object.fromEntries(securityHeaders())
const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')

/** Fastify's `clientErrorHandler`: closes the connection after an enveloped 4xx. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or already closed socket has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, reason, body } = (error.code && ANSWERS[error.code]) || MALFORMED
  // As Node does: never write into a response that has already begun.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const json = JSON.stringify(body)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n` +
        `${SECURITY_HEADER_LINES}\r\n${json}`,
    )
  }
  socket.destroy()
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/vibes/%`) or a path
 * parameter past its length limit, answered in the envelope instead of Fastify's own shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const body: ErrorEnvelope = {
    code: 'validation_failed',
    message: tooLong ? 'The URL is too long' : 'The URL is not valid',
  }
  reply
    .headers(SECURITY_HEADERS)
    .status(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(body)
}
