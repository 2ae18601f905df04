import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest } from './api-client'
import { sessionRefused } from './session'

vi.mock('./session', () => ({ currentAccessToken: async () => 'token-1', sessionRefused: vi.fn() }))

const answer = (status: number, body: string, contentType = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }))

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail')
    },
    (error: unknown) => error as ApiError,
  )

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.mocked(sessionRefused).mockClear()
  })

  it.each([
    ['session_not_found', 'Session from session_id claim in JWT does not exist'],
    ['bad_jwt', 'invalid JWT: unable to parse or verify signature'],
  ])('tells the session when the server refuses its token (401 %s)', async (code, message) => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ code, message })))
    const error = await failure(apiRequest('/api/x'))
    expect(error).toMatchObject({ status: 401, code })
    expect(sessionRefused).toHaveBeenCalledTimes(1)
  })

  it('leaves the session alone on other failures', async () => {
    vi.stubGlobal('fetch', answer(403, JSON.stringify({ code: 'forbidden', message: 'No' })))
    await failure(apiRequest('/api/x'))
    vi.stubGlobal(
      'fetch',
      answer(503, JSON.stringify({ code: 'service_unavailable', message: 'x' })),
    )
    await failure(apiRequest('/api/x'))
    expect(sessionRefused).not.toHaveBeenCalled()
  })

  it('takes 204 No Content as success with nothing to read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    )
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toEqual({})
  })

  it('sends the token and the JSON body, and gives back the answer', async () => {
    const fetch = answer(200, '{"count":3}')
    vi.stubGlobal('fetch', fetch)
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      count: 3,
    })
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/api/x')
    expect(init.body).toBe('{"a":1}')
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    })
  })

  it("raises the server's error envelope as an ApiError with its code", async () => {
    const envelope = { code: 'validation_failed', message: 'Bad', details: { username: 'taken' } }
    vi.stubGlobal('fetch', answer(400, JSON.stringify(envelope)))
    const error = await failure(apiRequest('/api/x'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, ...envelope, fromServer: true })
  })

  it('an error answer that is not our envelope becomes a plain failure', async () => {
    for (const body of ['<html>proxy</html>', '{"code":"made_up","message":"x"}']) {
      vi.stubGlobal('fetch', answer(502, body))
      const error = await failure(apiRequest('/api/x'))
      // Not our server's answer (a proxy's page): nothing was decided, a write may wait.
      expect(error).toMatchObject({ status: 502, code: 'internal_error', fromServer: false })
      expect(error.message).toBe('Request failed (502)')
    }
  })

  it('a sign-in portal answering 200 with HTML is a failure, not data', async () => {
    vi.stubGlobal('fetch', answer(200, '<html>Log in to the WiFi</html>', 'text/html'))
    const error = await failure(apiRequest('/api/x'))
    expect(error).toMatchObject({ code: 'internal_error', fromServer: false })
    expect(error.message).toBe('The server sent an answer the app cannot read')
  })

  it('no network is a network_error with words for the user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const error = await failure(apiRequest('/api/x'))
    expect(error).toMatchObject({ status: 0, code: 'network_error', fromServer: false })
  })

  it('says offline only when the device has no network; else that the server did not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    vi.stubGlobal('navigator', { onLine: false })
    expect((await failure(apiRequest('/api/x'))).message).toBe(
      'You seem to be offline. Check your connection.',
    )
    vi.stubGlobal('navigator', { onLine: true })
    expect((await failure(apiRequest('/api/x'))).message).toBe(
      "Couldn't reach VibeConnect. Try again in a moment.",
    )
  })
})
