// The service worker (ADRs 030 and 034): shows reminder pushes and opens the app at the set a tap
// is for, and keeps the app's shell (the build's files, versioned) so the app opens offline. It
// never caches an API answer: the data a user sees offline is kept by the page (ADR 034).
import { OUTBOX_SYNC_TAG } from './lib/outbox-store'
import { setUpOfflineShell } from './sw-offline'
import { deliverQueuedWrites } from './sw-outbox'

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
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'sync', listener: (event: ExtendableEvent & { tag: string }) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
}

declare const self: WorkerScope & {
  clients: WorkerScope['clients'] & {
    matchAll(options: { type: 'window' }): Promise<Array<{ postMessage(message: unknown): void }>>
  }
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

/** What the server pushes (shared/reminders/push.schema.ts: PushPayload). */
interface Reminder {
  title: string
  body: string
  url: string
  tag: string
}

// The build's file list, with a revision for each, is written here by vite-plugin-pwa.
setUpOfflineShell(self.__WB_MANIFEST)

// A new version waits until the page asks for it ("A new version is ready — Reload"), or until
// every window of the old one has closed: a page never runs one build's code with another's files.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Background Sync: the network is back. An open window sends the queued writes (a vibe, stars)
// itself (client/lib/outbox.ts), so that what the server says shows at once; with none open, the
// worker sends them (sw-outbox.ts), and the next start says what the server refused. A failed
// network rejects the event, and the browser fires it again later. A window opened while the
// worker was sending may have loaded the state from before those writes: it is told to refresh.
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.length === 0) return deliverQueuedWrites().finally(tellWindowsOpenedMeanwhile)
      for (const client of windows) client.postMessage({ type: 'FLUSH_OUTBOX' })
    }),
  )
})

async function tellWindowsOpenedMeanwhile(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'OUTBOX_DELIVERED' })
  }
}

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
