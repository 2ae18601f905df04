// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let token = 'token-1'
vi.mock('./session', () => ({ currentAccessToken: async () => token, sessionRefused: vi.fn() }))

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

/** The session stored from the last visit, as main.tsx reads it. */
const stored = (expiresAt = inAnHour()) => ({ access_token: 'token-1', expires_at: expiresAt })

/** A server that answers every GET with its path and a count, `status` for the early ones. */
function server(status = 200) {
  const sent: { path: string; authorization: string | null }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    sent.push({ path, authorization: headers.get('Authorization') })
    const code = sent.length === 1 ? status : 200
    return new Response(JSON.stringify({ path, n: sent.length }), {
      status: code,
      headers: { 'content-type': 'application/json' },
    })
  })
  return sent
}

/** Lets the tasks queued so far run (each early request is sent in one of its own). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

// Fresh modules per test: what was started early is module state, taken once.
async function modules() {
  vi.resetModules()
  const early = await import('./early-requests')
  const { apiRequest } = await import('./api-client')
  return { ...early, apiRequest }
}

describe('early requests', () => {
  beforeEach(() => {
    token = 'token-1'
  })
  afterEach(() => vi.unstubAllGlobals())

  it("answer the app's first request for the same path and token, once", async () => {
    const sent = server()
    const { startEarlyRequests, apiRequest } = await modules()
    startEarlyRequests(['/api/game'], stored())
    await nextTask()
    expect(sent).toEqual([{ path: '/api/game', authorization: 'Bearer token-1' }])
    expect(await apiRequest('/api/game')).toEqual({ path: '/api/game', n: 1 })
    // Taken: the next request of the same data goes to the server.
    expect(await apiRequest('/api/game')).toEqual({ path: '/api/game', n: 2 })
  })

  it('are not used once the app holds another token (renewed in between)', async () => {
    const sent = server()
    const { startEarlyRequests, apiRequest } = await modules()
    startEarlyRequests(['/api/game'], stored())
    await nextTask()
    token = 'token-2'
    expect(await apiRequest('/api/game')).toEqual({ path: '/api/game', n: 2 })
    expect(sent[1]?.authorization).toBe('Bearer token-2')
  })

  it('leave a refused or failed answer to the app, which asks again and handles it', async () => {
    server(500)
    const { startEarlyRequests, apiRequest } = await modules()
    startEarlyRequests(['/api/game'], stored())
    expect(await apiRequest('/api/game')).toEqual({ path: '/api/game', n: 2 })
  })

  it('are not started without a stored session, or with a token about to end', async () => {
    const sent = server()
    const { startEarlyRequests } = await modules()
    startEarlyRequests(['/api/game'], null)
    startEarlyRequests(['/api/game'], stored(Math.floor(Date.now() / 1000) + 30))
    await nextTask()
    expect(sent).toEqual([])
  })

  it('are not used for writes', async () => {
    const sent = server()
    const { startEarlyRequests, apiRequest } = await modules()
    startEarlyRequests(['/api/game'], stored())
    await nextTask()
    await apiRequest('/api/game', { method: 'POST', body: {} })
    expect(sent.map((request) => request.path)).toEqual(['/api/game', '/api/game'])
  })

  it('of public data go without a token, and only to a request without one', async () => {
    const sent = server()
    const { startEarlyPublicRequests, takeEarlyResponse } = await modules()
    startEarlyPublicRequests(['/api/lineup'])
    await nextTask()
    expect(sent).toEqual([{ path: '/api/lineup', authorization: null }])
    // Not for a signed-in request of the same path: that one carries the user's token.
    expect(takeEarlyResponse('/api/lineup', 'token-1')).toBeUndefined()
    startEarlyPublicRequests(['/api/lineup'])
    const answer = await takeEarlyResponse('/api/lineup', null)
    expect(await answer?.json()).toEqual({ path: '/api/lineup', n: 2 })
    expect(takeEarlyResponse('/api/lineup', null)).toBeUndefined()
  })

  it('send each request in a task of its own, so the start has no long task of them', async () => {
    const sent = server()
    const answer = globalThis.fetch
    // What each `fetch` call saw of the calls before it: the work a task queued after one call
    // (a microtask) has run before the next call only if that call is in a later task.
    let settled = 0
    const seen: number[] = []
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
      seen.push(settled)
      queueMicrotask(() => settled++)
      return answer(path, init)
    })
    const { startEarlyRequests, apiRequest } = await modules()
    startEarlyRequests(['/api/game', '/api/festival', '/api/users/count'], stored())
    // Registered at once: the app's request takes it however soon it asks.
    expect(sent).toEqual([])
    expect(await apiRequest('/api/users/count')).toEqual({ path: '/api/users/count', n: 3 })
    expect(sent.map((request) => request.path)).toEqual([
      '/api/game',
      '/api/festival',
      '/api/users/count',
    ])
    expect(seen).toEqual([0, 1, 2])
  })
})
