import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueuedWrite } from './lib/outbox-store'
import { deliverQueuedWrites, OutboxOffline } from './sw-outbox'
import { device } from './test/offline-store'

// The device's storage, as the page left it, and the network, as the worker's `fetch` finds it.
vi.mock('./lib/offline-store', () => import('./test/offline-store'))

const write = (id: string, fields: Partial<QueuedWrite> = {}): QueuedWrite => ({
  id,
  subject: `star:${id}`,
  method: 'PUT',
  path: `/api/schedule/stars/${id}`,
  queuedAt: 1,
  ...fields,
})
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const fetchMock = vi.fn<(path: string, init: RequestInit) => Promise<Response>>()
const sent = () => fetchMock.mock.calls.map(([path, init]) => `${init.method} ${path}`)

describe("the service worker's delivery of the queue with no window open", () => {
  beforeEach(() => {
    device.clear()
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })

  it('sends each write in order with the kept token and its own headers, and empties the queue', async () => {
    const vibe = write('v', {
      subject: 'vibe:v',
      method: 'PATCH',
      path: '/api/vibes/v',
      body: { status: 'Dancing in the rain' },
      headers: { 'If-Match': '"1000"' },
    })
    device.set('outbox:ana', [vibe, write('a')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    fetchMock.mockResolvedValueOnce(json(200, { vibe: {} })).mockResolvedValueOnce(json(200, {}))

    await deliverQueuedWrites()
    expect(sent()).toEqual(['PATCH /api/vibes/v', 'PUT /api/schedule/stars/a'])
    const [, init] = fetchMock.mock.calls[0]!
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'If-Match': '"1000"',
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    })
    expect(init.body).toBe(JSON.stringify({ status: 'Dancing in the rain' }))
    expect(device.get('outbox:ana')).toEqual([])
    // The token is not kept once nothing waits for it.
    expect(device.has('delivery:ana')).toBe(false)
  })

  it('sends nothing for a user without a kept token (the next start does)', async () => {
    device.set('outbox:ana', [write('a')])
    await deliverQueuedWrites()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(device.get('outbox:ana')).toHaveLength(1)
  })

  it('keeps a refused write with its reason for the next start, and goes on with the next', async () => {
    device.set('outbox:ana', [write('a'), write('b')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    fetchMock
      .mockResolvedValueOnce(json(422, { code: 'vibe_held_back', message: 'Keep it kind' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))

    await deliverQueuedWrites()
    expect(sent()).toEqual(['PUT /api/schedule/stars/a', 'PUT /api/schedule/stars/b'])
    expect(device.get('outbox:ana')).toEqual([
      { ...write('a'), refusal: { status: 422, code: 'vibe_held_back', message: 'Keep it kind' } },
    ])
    // Sent again, a refused write is not: the page says it at the next start.
    fetchMock.mockClear()
    await deliverQueuedWrites()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('stops at a write the server cannot take now, and keeps it and those after it', async () => {
    for (const status of [401, 429, 503]) {
      device.set('outbox:ana', [write('a'), write('b')])
      device.set('delivery:ana', { accessToken: 'token-1' })
      fetchMock.mockReset().mockResolvedValueOnce(json(status, { code: 'x', message: 'later' }))
      await deliverQueuedWrites()
      expect(sent()).toEqual(['PUT /api/schedule/stars/a'])
      expect(device.get('outbox:ana')).toEqual([write('a'), write('b')])
      expect(device.get('delivery:ana')).toEqual({ accessToken: 'token-1' })
    }
  })

  it('fails when the network does (or a WiFi portal answers), so that the sync fires again', async () => {
    device.set('outbox:ana', [write('a')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(deliverQueuedWrites()).rejects.toBeInstanceOf(OutboxOffline)
    fetchMock.mockResolvedValueOnce(new Response('<html>Sign in to the WiFi</html>'))
    await expect(deliverQueuedWrites()).rejects.toBeInstanceOf(OutboxOffline)
    expect(device.get('outbox:ana')).toEqual([write('a')])
  })

  it("sends each user's queue with their own token", async () => {
    device.set('outbox:ana', [write('a')])
    device.set('delivery:ana', { accessToken: 'token-ana' })
    device.set('outbox:ben', [write('b')])
    device.set('delivery:ben', { accessToken: 'token-ben' })
    fetchMock.mockImplementation(async () => json(200, {}))
    await deliverQueuedWrites()
    const tokens = fetchMock.mock.calls.map(
      ([path, init]) => `${path} ${(init.headers as Record<string, string>).Authorization}`,
    )
    expect(tokens.sort()).toEqual([
      '/api/schedule/stars/a Bearer token-ana',
      '/api/schedule/stars/b Bearer token-ben',
    ])
  })

  it('writes nothing back for a user who signed out while a write was on its way', async () => {
    device.set('outbox:ana', [write('a'), write('b')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    fetchMock.mockImplementationOnce(async () => {
      // A window opened and signed out: the device is cleared.
      device.clear()
      return json(200, {})
    })
    await deliverQueuedWrites()
    expect(sent()).toEqual(['PUT /api/schedule/stars/a'])
    expect([...device.keys()]).toEqual([])
  })

  it('leaves nothing behind when the sign-out lands between its check and its write-back', async () => {
    device.set('outbox:ana', [write('a'), write('b'), write('c')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    const storeWrites = device.set.bind(device)
    // The page's clear lands right after the worker stored what is left of the queue.
    const spy = vi.spyOn(device, 'set').mockImplementation((key, value) => {
      storeWrites(key, value)
      if (key === 'outbox:ana') {
        spy.mockRestore()
        device.clear()
      }
      return device
    })
    fetchMock.mockResolvedValue(json(200, {}))
    await deliverQueuedWrites()
    // Nothing more is sent with the revoked token, and nothing of the user stays on the device.
    expect(sent()).toEqual(['PUT /api/schedule/stars/a'])
    expect([...device.keys()]).toEqual([])
  })

  it('gives each request a deadline, so a network that never answers does not hold the queue', async () => {
    device.set('outbox:ana', [write('a')])
    device.set('delivery:ana', { accessToken: 'token-1' })
    let deadline: AbortSignal | null | undefined
    fetchMock.mockImplementationOnce(async (_path, init) => {
      deadline = init.signal
      // What fetch does when the deadline passes.
      throw new DOMException('The operation timed out.', 'TimeoutError')
    })
    await expect(deliverQueuedWrites()).rejects.toBeInstanceOf(OutboxOffline)
    expect(deadline).toBeInstanceOf(AbortSignal)
    expect(deadline?.aborted).toBe(false)
    expect(device.get('outbox:ana')).toHaveLength(1)
  })
})
