import { beforeEach, describe, expect, it, vi } from 'vitest'
import { device } from '../test/offline-store'
import { ApiError } from './api-client'

// The device's storage, kept across "reloads" (fresh copies of the module), and the network.
const apiRequest = vi.hoisted(() => vi.fn())
const accessToken = vi.hoisted(() => ({ current: 'token-1' as string | null }))
vi.mock('./offline-store', () => import('../test/offline-store'))
vi.mock('./api-client', async (original) => ({
  ...(await original<typeof import('./api-client')>()),
  apiRequest,
}))
vi.mock('./session', () => ({ currentAccessToken: async () => accessToken.current }))

/** The outbox as a newly opened page has it. */
const freshPage = async () => {
  vi.resetModules()
  return import('./outbox')
}

const star = (key: string, on = true) => ({
  subject: `star:${key}`,
  method: on ? ('PUT' as const) : ('DELETE' as const),
  path: `/api/schedule/stars/${key}`,
})
const vibe = (status: string) => ({
  subject: 'vibe:v1',
  method: 'PATCH' as const,
  path: '/api/vibes/v1',
  body: { username: 'Ana', emoji: '🎧', status },
})
const sentPaths = () => apiRequest.mock.calls.map(([path, options]) => `${options.method} ${path}`)

describe('the outbox of writes made offline', () => {
  beforeEach(() => {
    device.clear()
    apiRequest.mockReset()
    accessToken.current = 'token-1'
  })

  it('keeps the writes on the device, so a reopened page still has them, in order', async () => {
    const before = await freshPage()
    await before.enqueueWrite('ana', star('a'))
    await before.enqueueWrite('ana', vibe('first'))
    await before.enqueueWrite('ana', star('a', false))

    const after = await freshPage()
    await after.loadOutbox('ana')
    apiRequest.mockResolvedValue({})
    const sent = vi.fn()
    await after.flushOutbox('ana', { sent, refused: vi.fn() })
    expect(sentPaths()).toEqual([
      'PUT /api/schedule/stars/a',
      'PATCH /api/vibes/v1',
      'DELETE /api/schedule/stars/a',
    ])
    expect(apiRequest.mock.calls[1]![1].body).toEqual(vibe('first').body)
    expect(sent).toHaveBeenCalledTimes(3)
    expect(device.get('outbox:ana')).toEqual([])
  })

  it('stops at the first write that cannot get through, and sends nothing twice once through', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', vibe('one'))
    await outbox.enqueueWrite('ana', star('s'))
    apiRequest
      .mockResolvedValueOnce({ vibe: { status: 'one' } })
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'))
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(device.get('outbox:ana')).toEqual([expect.objectContaining({ subject: 'star:s' })])

    // Back online: only the one left is sent.
    apiRequest.mockReset().mockResolvedValue({})
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(sentPaths()).toEqual(['PUT /api/schedule/stars/s'])
    expect(device.get('outbox:ana')).toEqual([])
  })

  it('sends my vibe edited twice offline once, on the version the first edit started from', async () => {
    const outbox = await freshPage()
    const onVersion = (status: string, tag: string) => ({
      ...vibe(status),
      headers: { 'If-Match': tag },
    })
    await outbox.enqueueWrite('ana', onVersion('first', '"1000"'))
    await outbox.enqueueWrite('ana', star('s'))
    // The second edit started from the first's shown result, a version the server never had.
    await outbox.enqueueWrite('ana', {
      ...onVersion('second', '"2000"'),
      body: { status: 'second' },
    })
    apiRequest.mockResolvedValue({})
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(sentPaths()).toEqual(['PATCH /api/vibes/v1', 'PUT /api/schedule/stars/s'])
    expect(apiRequest.mock.calls[0]![1]).toEqual({
      method: 'PATCH',
      body: { ...vibe('first').body, status: 'second' },
      headers: { 'If-Match': '"1000"' },
      signal: expect.any(AbortSignal),
    })
  })

  it('drops the precondition when a write without one joins (Keep mine: whatever is there)', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', { ...vibe('first'), headers: { 'If-Match': '"1000"' } })
    await outbox.enqueueWrite('ana', vibe('mine, over anything'))
    apiRequest.mockResolvedValue({})
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(apiRequest).toHaveBeenCalledTimes(1)
    expect(apiRequest.mock.calls[0]![1].headers).toBeUndefined()
  })

  it("hands a refused write to be said (the server's message), then goes on with the next", async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', vibe('something the word list holds back'))
    await outbox.enqueueWrite('ana', star('b'))
    const heldBack = new ApiError(422, 'vibe_held_back', 'Your vibe was held back: keep it kind')
    apiRequest.mockRejectedValueOnce(heldBack).mockResolvedValueOnce({})
    const refused = vi.fn()
    await outbox.flushOutbox('ana', { refused })
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ subject: 'vibe:v1' }), heldBack)
    expect(sentPaths()).toEqual(['PATCH /api/vibes/v1', 'PUT /api/schedule/stars/b'])
    expect(device.get('outbox:ana')).toEqual([])
  })

  it('keeps a write the server could not take now (busy, token to renew) for later', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('c'))
    for (const status of [401, 429, 503]) {
      apiRequest.mockRejectedValueOnce(new ApiError(status, 'internal_error', 'later'))
      const refused = vi.fn()
      await outbox.flushOutbox('ana', { refused })
      expect(refused).not.toHaveBeenCalled()
      expect(device.get('outbox:ana')).toHaveLength(1)
    }
  })

  it("keeps each user's writes apart", async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    await outbox.enqueueWrite('ben', star('b'))
    apiRequest.mockResolvedValue({})
    await outbox.flushOutbox('ben', { refused: vi.fn() })
    expect(sentPaths()).toEqual(['PUT /api/schedule/stars/b'])
    expect(device.get('outbox:ana')).toHaveLength(1)
  })

  it('keeps a token for the service worker while writes wait, and forgets it once they are sent', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    await vi.waitFor(() => expect(device.get('delivery:ana')).toEqual({ accessToken: 'token-1' }))
    // Renewed by the page: the worker gets the new one.
    await outbox.renewDeliveryToken('ana', 'token-2')
    expect(device.get('delivery:ana')).toEqual({ accessToken: 'token-2' })
    // Nobody else's queue gets one.
    await outbox.renewDeliveryToken('ben', 'token-2')
    expect(device.has('delivery:ben')).toBe(false)

    apiRequest.mockResolvedValue({})
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(device.has('delivery:ana')).toBe(false)
    await outbox.renewDeliveryToken('ana', 'token-3')
    expect(device.has('delivery:ana')).toBe(false)
  })

  it('says what the server refused while the app was closed, then sends the rest', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', vibe('held back'))
    await outbox.enqueueWrite('ana', star('b'))
    // The service worker sent the vibe with no window open, and the server refused it.
    const [first, second] = device.get('outbox:ana') as Array<Record<string, unknown>>
    const refusal = { status: 422, code: 'vibe_held_back', message: 'Keep it kind' }
    device.set('outbox:ana', [{ ...first, refusal }, second])

    apiRequest.mockResolvedValue({})
    const refused = vi.fn()
    await outbox.flushOutbox('ana', { refused })
    expect(refused).toHaveBeenCalledTimes(1)
    const [write, error] = refused.mock.calls[0]!
    expect(write).toMatchObject({ subject: 'vibe:v1' })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, code: 'vibe_held_back', message: 'Keep it kind' })
    // Not sent again: only the star goes out.
    expect(sentPaths()).toEqual(['PUT /api/schedule/stars/b'])
    expect(device.get('outbox:ana')).toEqual([])
  })

  it('writes nothing back once I signed out while a write was on its way', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    await outbox.enqueueWrite('ana', star('b'))
    apiRequest.mockImplementationOnce(async () => {
      // Signing out: the page's copy forgotten, the device cleared.
      outbox.forgetOutboxCopy()
      device.clear()
      return {}
    })
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(sentPaths()).toEqual(['PUT /api/schedule/stars/a'])
    expect([...device.keys()]).toEqual([])
  })

  it('sends an edit made after the server refused my vibe while the app was closed', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', vibe('a word the list holds back'))
    const [first] = device.get('outbox:ana') as Array<Record<string, unknown>>
    const refusal = { status: 422, code: 'vibe_held_back', message: 'Keep it kind' }
    device.set('outbox:ana', [{ ...first, refusal }])
    // The next start is offline too: I fix my vibe before the refusal could be said.
    await outbox.enqueueWrite('ana', vibe('fixed and kind'))

    apiRequest.mockResolvedValue({ vibe: {} })
    const refused = vi.fn()
    await outbox.flushOutbox('ana', { refused })
    expect(refused).toHaveBeenCalledTimes(1)
    expect(apiRequest.mock.calls.map(([, options]) => options.body.status)).toEqual([
      'fixed and kind',
    ])
    expect(device.get('outbox:ana')).toEqual([])
  })

  it('keeps a write answered by something that is not our server (a WiFi sign-in page)', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    for (const status of [200, 403]) {
      apiRequest.mockRejectedValueOnce(
        new ApiError(status, 'internal_error', 'not ours', undefined, false),
      )
      const refused = vi.fn()
      await outbox.flushOutbox('ana', { refused })
      expect(refused).not.toHaveBeenCalled()
      expect(device.get('outbox:ana')).toEqual([expect.objectContaining({ subject: 'star:a' })])
    }
    // Our server's own 403 is a refusal.
    apiRequest.mockRejectedValueOnce(new ApiError(403, 'forbidden', 'Not yours'))
    const refused = vi.fn()
    await outbox.flushOutbox('ana', { refused })
    expect(refused).toHaveBeenCalledTimes(1)
  })

  it('gives up on a request the network never answers, so the queue is not held', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    // Each request carries a deadline (15 s); when it passes, the request fails as offline.
    let deadline: AbortSignal | undefined
    apiRequest.mockImplementationOnce(async (_path: string, options: { signal: AbortSignal }) => {
      deadline = options.signal
      throw new ApiError(0, 'network_error', 'timed out')
    })
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    expect(deadline).toBeInstanceOf(AbortSignal)
    expect(deadline?.aborted).toBe(false)
    expect(device.get('outbox:ana')).toHaveLength(1)
  })

  it('says nothing of a refusal answered after I signed out', async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', { ...vibe('mine'), headers: { 'If-Match': '"1"' } })
    apiRequest.mockImplementationOnce(async () => {
      outbox.forgetOutboxCopy()
      device.clear()
      throw new ApiError(412, 'vibe_changed', 'Changed on another device')
    })
    const refused = vi.fn()
    await outbox.flushOutbox('ana', { refused })
    expect(refused).not.toHaveBeenCalled()
  })

  it("clears again what another tab's flush wrote back after my sign-out cleared the device", async () => {
    const outbox = await freshPage()
    await outbox.enqueueWrite('ana', star('a'))
    await outbox.enqueueWrite('ana', star('b'))
    apiRequest.mockImplementationOnce(async () => {
      // The other tab signs out mid-flush: its clear does not wait for this flush.
      device.clear()
      void outbox.forgetQueueWhenFree('ana')
      return {}
    })
    apiRequest.mockRejectedValueOnce(new ApiError(401, 'bad_jwt', 'Sign in'))
    await outbox.flushOutbox('ana', { refused: vi.fn() })
    await outbox.forgetQueueWhenFree('ana')
    expect([...device.keys()]).toEqual([])
  })

  it('takes a write queued while the queue is still loading (the worker holds it)', async () => {
    const outbox = await freshPage()
    const loading = outbox.loadOutbox('ana')
    expect(outbox.outboxOwner()).toBe('ana')
    await outbox.enqueueWrite(outbox.outboxOwner(), star('a'))
    await loading
    expect(device.get('outbox:ana')).toEqual([expect.objectContaining({ subject: 'star:a' })])
  })
})
