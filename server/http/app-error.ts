import type { ErrorCode } from '../../shared/api/error-envelope'

/** An expected failure: the central error handler answers it as `{ code, message }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    /** Extra top-level fields GoTrue clients read, such as `weak_password`. */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (message = 'Not found', code: ErrorCode = 'not_found') =>
  new AppError(404, code, message)

export const forbidden = (message = 'You may not do that') =>
  new AppError(403, 'forbidden', message)

export const serviceUnavailable = (message = 'The service is unavailable, try again shortly') =>
  new AppError(503, 'service_unavailable', message, undefined, undefined, { 'Retry-After': '5' })
