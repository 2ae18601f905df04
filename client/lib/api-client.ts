import type { ZodType } from 'zod'
import { type ErrorEnvelope, ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import { currentAccessToken } from './access-token'

/** A failed API call, carrying the server's stable code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorEnvelope['code'] | 'network_error',
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** Calls our JSON API and parses the answer with `schema`; throws ApiError on any failure. */
export async function apiRequest<T>(
  path: string,
  schema: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const token = await currentAccessToken()
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'network_error', 'You seem to be offline. Check your connection.')
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const envelope = ErrorEnvelopeSchema.safeParse(payload)
    if (envelope.success) {
      const { code, message, details } = envelope.data
      throw new ApiError(response.status, code, message, details)
    }
    throw new ApiError(response.status, 'internal_error', `Request failed (${response.status})`)
  }
  return schema.parse(payload)
}
