import { ERROR_CODES } from '../../shared/api/error-codes'
import type { ErrorEnvelope } from '../../shared/api/error-envelope'
import { takeEarlyResponse } from './early-requests'
import { isJsonObject } from './is-json-object'
import { currentAccessToken, sessionRefused } from './session'

/**
 * A failed API call, carrying the server's stable code and message. `fromServer` is false when the
 * answer was not our server's (no envelope, or not our JSON: a WiFi sign-in page, a proxy's error
 * page): nothing was decided about the request, and a write may be tried again.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorEnvelope['code'] | 'network_error',
    message: string,
    readonly details?: Record<string, string>,
    readonly fromServer = status !== 0,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The request got no answer from our server (offline, a WiFi sign-in page): a write can wait. */
export const unansweredByServer = (error: unknown): boolean =>
  error instanceof ApiError && !error.fromServer

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

/**
 * Calls our JSON API; throws ApiError on any failure. The answer's shape is trusted, typed by the
 * shared schemas the server presents it with: checking it with zod in the browser cost a slow
 * phone ~100 ms of main thread on every start (ADR 016). What is checked is that it is our JSON at
 * all, since a festival WiFi's sign-in portal answers any request with its own HTML page.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = await currentAccessToken()
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    // The entry script may have asked already (lib/early-requests.ts).
    const early = options.method === undefined && !options.signal && !options.headers
    const earlyResponse = early ? await takeEarlyResponse(path, token) : undefined
    response =
      earlyResponse ??
      (await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    // The browser cannot tell a missing network from a server that does not answer; it does
    // know whether the device has a network at all.
    throw new ApiError(
      0,
      'network_error',
      navigator.onLine
        ? "Couldn't reach VibeConnect. Try again in a moment."
        : 'You seem to be offline. Check your connection.',
    )
  }
  // No content (a DELETE, say): nothing to read, and nothing wrong.
  if (response.status === 204) return {} as T
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    if (isErrorEnvelope(payload)) {
      const { code, message, details } = payload
      // Our token was refused: renewed, or the session ended elsewhere and this device signs out.
      if (token && response.status === 401 && REFUSED_TOKEN_CODES.has(code)) void sessionRefused()
      throw new ApiError(response.status, code, message, details)
    }
    throw new ApiError(
      response.status,
      'internal_error',
      `Request failed (${response.status})`,
      undefined,
      false,
    )
  }
  if (!isJsonObject(payload)) {
    throw new ApiError(
      response.status,
      'internal_error',
      'The server sent an answer the app cannot read',
      undefined,
      false,
    )
  }
  return payload as T
}

const knownCodes: ReadonlySet<string> = new Set(ERROR_CODES)
const REFUSED_TOKEN_CODES: ReadonlySet<string> = new Set(['session_not_found', 'bad_jwt'])

/** The server's error envelope, `{ code, message, details? }`, with one of its known codes. */
function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  if (!isJsonObject(payload)) return false
  const { code, message, details } = payload
  return (
    typeof code === 'string' &&
    knownCodes.has(code) &&
    typeof message === 'string' &&
    (details === undefined ||
      (isJsonObject(details) && Object.values(details).every((value) => typeof value === 'string')))
  )
}
