// The service worker (ADR 030): shows reminder pushes and opens the app at the set a tap is for.
// It has no fetch handler yet, so it never stands between the page and the network; issue 21's
// offline work adds precaching to this same file (vite-plugin-pwa builds it, injectManifest).

// The few worker types used here, declared locally: the project's TypeScript lib is the DOM's,
// and mixing in the WebWorker lib would clash with it.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { close(): void }
}
interface WindowClient {
  readonly url: string
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
interface WorkerScope {
  readonly location: Location
  readonly registration: ServiceWorkerRegistration
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<WindowClient | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
}

// A module, so this `self` is the worker's, not the DOM's window.
export {}

declare const self: WorkerScope & { clients: WorkerScope['clients'] & { claim(): Promise<void> } }

/** What the server pushes (shared/reminders/push.schema.ts: PushPayload). */
interface Reminder {
  title: string
  body: string
  url: string
  tag: string
}

// No precache to fill or old caches to clear yet: a new worker takes over at once.
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  const reminder = readReminder(event)
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/apple-touch-icon.png',
      badge: '/favicon-32.png',
      data: { url: reminder.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url)
  event.waitUntil(openApp(url))
})

/** The push's reminder; a push that is not ours still shows something rather than nothing. */
function readReminder(event: PushEvent): Reminder {
  const fallback = { title: 'VibeConnect', body: '', url: '/', tag: 'vibeconnect' }
  try {
    const data = event.data?.json() as Partial<Reminder> | undefined
    if (!data || typeof data.title !== 'string') return fallback
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : fallback.tag,
    }
  } catch {
    return fallback
  }
}

/** A path of this app: anything else (another origin, not a string) opens the app's start. */
function sameOriginUrl(url: unknown): string {
  if (typeof url !== 'string') return '/'
  const resolved = new URL(url, self.location.origin)
  return resolved.origin === self.location.origin ? resolved.href : '/'
}

/** Focuses an open window of the app and takes it to `url`, or opens one there. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows[0]
  if (!open) {
    await self.clients.openWindow(url)
    return
  }
  const focused = await open.focus()
  if (focused.url !== url) await focused.navigate(url).catch(() => self.clients.openWindow(url))
}
