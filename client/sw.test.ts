import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isAppShellNavigation } from './sw-routes'

// Workbox's precache needs a real worker scope; what it is given is checked here instead.
const setUpOfflineShell = vi.hoisted(() => vi.fn())
vi.mock('./sw-offline', () => ({ setUpOfflineShell }))
// The worker's own delivery of the queue is sw-outbox.test.ts's; here, when it runs.
const deliverQueuedWrites = vi.hoisted(() => vi.fn(async () => {}))
vi.mock('./sw-outbox', () => ({ deliverQueuedWrites }))

// The service worker's handlers, run against a stand-in for the worker's global scope.
type Listener = (event: unknown) => void

function workerScope(windows: Array<{ url: string }>) {
  const listeners = new Map<string, Listener>()
  const shown: Array<{ title: string; options: unknown }> = []
  const opened: string[] = []
  const navigated: string[] = []
  const clientsOf = windows.map((window) => {
    const client = {
      url: window.url,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async (url: string) => {
        navigated.push(url)
        return client
      }),
    }
    return client
  })
  const skipWaiting = vi.fn(async () => {})
  const posted: unknown[] = []
  const scope = {
    __WB_MANIFEST: [{ url: 'index.html', revision: 'abc' }],
    location: new URL('https://vibes.example/'),
    registration: {
      showNotification: async (title: string, options: unknown) => {
        shown.push({ title, options })
      },
    },
    clients: {
      matchAll: async () =>
        clientsOf.map((client) => ({ ...client, postMessage: (m: unknown) => posted.push(m) })),
      openWindow: async (url: string) => {
        opened.push(url)
        return null
      },
      claim: async () => {},
    },
    skipWaiting,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  }
  /** Dispatches an event and waits for what it asked the worker to wait for. */
  const dispatch = async (type: string, fields: object) => {
    const waits: Array<Promise<unknown>> = []
    listeners.get(type)!({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    })
    await Promise.all(waits)
  }
  /** A window of the app opens (a start while the worker works). */
  const open = (url: string) => {
    clientsOf.push({ url, focus: vi.fn(), navigate: vi.fn() } as unknown as (typeof clientsOf)[0])
  }
  return {
    scope,
    dispatch,
    shown,
    opened,
    navigated,
    clients: clientsOf,
    skipWaiting,
    posted,
    open,
  }
}

async function loadWorker(windows: Array<{ url: string }> = []) {
  const worker = workerScope(windows)
  vi.stubGlobal('self', worker.scope)
  vi.resetModules()
  await import('./sw')
  return worker
}

const pushOf = (data: unknown) => ({
  data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) },
})
const clickOn = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } })

describe('the service worker', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('shows a pushed reminder with its title, body, tag and link', async () => {
    const worker = await loadWorker()
    await worker.dispatch(
      'push',
      pushOf({
        title: 'Nightjar starts in 10 min',
        body: 'Main · 22:00',
        url: '/?set=id.1',
        tag: 'set:id.1',
      }),
    )
    expect(worker.shown).toEqual([
      {
        title: 'Nightjar starts in 10 min',
        options: expect.objectContaining({
          body: 'Main · 22:00',
          tag: 'set:id.1',
          data: { url: '/?set=id.1' },
        }),
      },
    ])
  })

  it('still shows something for a push that is not a reminder', async () => {
    const worker = await loadWorker()
    await worker.dispatch('push', { data: { json: () => JSON.parse('not json') } })
    expect(worker.shown.map((each) => each.title)).toEqual(['VibeConnect'])
  })

  it('a tap focuses an open window of the app and takes it to the set', async () => {
    const worker = await loadWorker([{ url: 'https://vibes.example/' }])
    await worker.dispatch('notificationclick', clickOn('/?set=id.1'))
    expect(worker.clients[0]!.focus).toHaveBeenCalled()
    expect(worker.navigated).toEqual(['https://vibes.example/?set=id.1'])
    expect(worker.opened).toEqual([])
  })

  it('a tap with no window open opens the app at the set; a link elsewhere opens the app', async () => {
    const worker = await loadWorker()
    await worker.dispatch('notificationclick', clickOn('/?set=id.1'))
    await worker.dispatch('notificationclick', clickOn('https://evil.example/phish'))
    expect(worker.opened).toEqual(['https://vibes.example/?set=id.1', '/'])
  })

  it("precaches the build's file list, and takes over only when the page asks", async () => {
    const worker = await loadWorker()
    expect(setUpOfflineShell).toHaveBeenCalledWith([{ url: 'index.html', revision: 'abc' }])
    await worker.dispatch('message', { data: { type: 'something else' } })
    expect(worker.skipWaiting).not.toHaveBeenCalled()
    await worker.dispatch('message', { data: { type: 'SKIP_WAITING' } })
    expect(worker.skipWaiting).toHaveBeenCalledTimes(1)
  })

  it('on Background Sync, asks the open windows to send their queued writes', async () => {
    const worker = await loadWorker([{ url: 'https://vibes.example/' }])
    await worker.dispatch('sync', { tag: 'another-tag' })
    expect(worker.posted).toEqual([])
    await worker.dispatch('sync', { tag: 'vibeconnect-outbox' })
    expect(worker.posted).toEqual([{ type: 'FLUSH_OUTBOX' }])
    expect(deliverQueuedWrites).not.toHaveBeenCalled()
  })

  it('on Background Sync with no window open, sends the queued writes itself', async () => {
    deliverQueuedWrites.mockClear()
    const worker = await loadWorker([])
    await worker.dispatch('sync', { tag: 'another-tag' })
    expect(deliverQueuedWrites).not.toHaveBeenCalled()
    await worker.dispatch('sync', { tag: 'vibeconnect-outbox' })
    expect(deliverQueuedWrites).toHaveBeenCalledTimes(1)
    // A failed network fails the event, so that the browser fires it again later.
    deliverQueuedWrites.mockRejectedValueOnce(new Error('offline'))
    await expect(worker.dispatch('sync', { tag: 'vibeconnect-outbox' })).rejects.toThrow('offline')
    expect(worker.posted).toEqual([])
  })

  it('tells a window opened while it sent the queue to refresh what it loaded', async () => {
    const worker = await loadWorker([])
    deliverQueuedWrites.mockImplementationOnce(async () => {
      worker.open('https://vibes.example/')
    })
    await worker.dispatch('sync', { tag: 'vibeconnect-outbox' })
    expect(worker.posted).toEqual([{ type: 'OUTBOX_DELIVERED' }])
  })
})

describe('which navigations get the app shell', () => {
  it.each([
    ['/', true],
    ['/?set=id.set-1', true],
    ['/some/lost/page', true],
    ['/api/vibes', false],
    ['/auth/v1/verify?token=x', false],
    ['/wifi/portal/gw-1', false],
    ['/terms', false],
    ['/privacy', false],
    ['/metrics', false],
    ['/calendar/abc.ics', false],
    ['/game/stages?key=x', false],
    ['/healthz', false],
    ['/favicon-32.png', false],
    ['/sw.js', false],
  ])('%s → %s', (path, shell) => {
    expect(isAppShellNavigation(path)).toBe(shell)
  })
})
