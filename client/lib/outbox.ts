import { useSyncExternalStore } from 'react'
import { ApiError, apiRequest, unansweredByServer } from './api-client'
import {
  forgetDeliveryToken,
  forgetQueue,
  OUTBOX_SYNC_TAG,
  type QueuedWrite,
  rememberDeliveryToken,
  SEND_TIMEOUT_MS,
  storedWrites as stored,
  storeWrites,
  withOutboxLock,
  worthRetrying,
} from './outbox-store'
import { currentAccessToken } from './session'

export type { QueuedWrite } from './outbox-store'

/** What became of a queued write the server answered. */
export interface OutboxHandlers {
  /** Accepted: its answer, to put in the cache. */
  sent?: (write: QueuedWrite, answer: unknown) => void
  /** Refused for good (422 `vibe_held_back`, 409 `username_taken`…): said, never lost silently. */
  refused: (write: QueuedWrite, error: ApiError) => void
}

// One queue per user; this page's copy mirrors the device's, for the screens. The owner is known
// from the moment its queue starts loading (which may wait for the service worker's delivery):
// a write queued meanwhile goes in behind the load, in order (`serially`).
let owner: string | null = null
let queue: QueuedWrite[] = []
// Counts sign-outs: a flush that outlives one writes nothing back (the device was just cleared).
let signOuts = 0
const listeners = new Set<() => void>()
const queuedListeners = new Set<() => void>()
// Reads and writes of the stored queue, one at a time, in order; and while no other page or the
// service worker works on it.
let chain: Promise<unknown> = Promise.resolve()
const serially = <T>(work: () => Promise<T>): Promise<T> => {
  const locked = () => withOutboxLock(work)
  const next = chain.then(locked, locked)
  chain = next.catch(() => undefined)
  return next
}

function show(userId: string, writes: QueuedWrite[]) {
  owner = userId
  queue = writes
  for (const notify of listeners) notify()
}

/** The signed-in user whose queue this page holds (loadOutbox); throws before there is one. */
export function outboxOwner(): string {
  if (owner === null) throw new Error('No outbox is loaded: nobody is signed in')
  return owner
}

/** Loads the user's queue from the device (the app starts, or another user signed in). */
export function loadOutbox(userId: string): Promise<void> {
  owner = userId
  const signOutsBefore = signOuts
  return serially(async () => {
    const writes = await stored(userId)
    if (signOuts === signOutsBefore) show(userId, writes)
  })
}

/**
 * Adds a write to the end of the user's queue, on the device first. A `PATCH` of something that
 * already has one queued joins it instead (its fields over the earlier ones'): edited twice
 * offline, my vibe is sent once, with the version the first edit started from, since the second
 * started from a version only this device has seen.
 */
export const enqueueWrite = (
  userId: string,
  write: Omit<QueuedWrite, 'id' | 'queuedAt'>,
): Promise<void> =>
  serially(async () => {
    const queued = await stored(userId)
    const earlier = write.method === 'PATCH' ? queued.findIndex((it) => joins(it, write)) : -1
    const writes =
      earlier === -1
        ? [...queued, { ...write, id: crypto.randomUUID(), queuedAt: Date.now() }]
        : queued.map((it, index) => (index === earlier ? joined(it, write) : it))
    await storeWrites(userId, writes)
    show(userId, writes)
    requestBackgroundSync()
    for (const queuedOne of queuedListeners) queuedOne()
    // For the service worker, should the network come back with the app closed (outbox-store.ts).
    // Not awaited: with an expired token and no network, the auth client may retry for a while.
    void currentAccessToken()
      .then((token) => rememberDeliveryToken(userId, token))
      .catch((error: unknown) => console.warn('Could not keep a token for the queue:', error))
  })

// Never into a write the server refused while the app was closed: that one is only kept to be
// said, and an edit made since must still be sent.
const joins = (queued: QueuedWrite, write: Omit<QueuedWrite, 'id' | 'queuedAt'>) =>
  !queued.refusal &&
  queued.method === 'PATCH' &&
  queued.subject === write.subject &&
  queued.path === write.path

// The earlier write's precondition stays, unless the later one has none (sent whatever is there).
const joined = (queued: QueuedWrite, write: Omit<QueuedWrite, 'id' | 'queuedAt'>) => ({
  ...queued,
  body: { ...(queued.body as object), ...(write.body as object) },
  headers: write.headers && queued.headers,
})

// An answer that is not our server's (a WiFi sign-in page, a proxy's error page) is not a refusal.
const worthRetryingError = (error: unknown) =>
  !(error instanceof ApiError) || unansweredByServer(error) || worthRetrying(error.status)

/** The service worker's record of a refusal, as the error the page would have had at once. */
const refusedAs = ({ refusal }: QueuedWrite) =>
  refusal &&
  new ApiError(refusal.status, refusal.code as ApiError['code'], refusal.message, refusal.details)

/**
 * Sends the user's queued writes in the order they were made, each removed once answered. It
 * stops at the first that cannot get through now (offline, server trouble), to try again on the
 * next `online` event, Background Sync or start, so a later write never overtakes an earlier one.
 */
export const flushOutbox = (userId: string, handlers: OutboxHandlers): Promise<void> =>
  serially(async () => {
    const signOutsBefore = signOuts
    let writes = await stored(userId)
    const hadWrites = writes.length > 0
    while (writes.length > 0) {
      const [write, ...rest] = writes as [QueuedWrite, ...QueuedWrite[]]
      let answer: unknown
      let refusal = refusedAs(write)
      if (!refusal) {
        try {
          const { method, body, headers } = write
          // Bounded: the queue is locked meanwhile, for every page and the service worker.
          const signal = AbortSignal.timeout(SEND_TIMEOUT_MS)
          answer = await apiRequest(write.path, { method, body, headers, signal })
        } catch (error) {
          if (worthRetryingError(error)) break
          refusal = error as ApiError
        }
      }
      // Signed out meanwhile: nothing of the user is written back, or said (the session's toasts
      // were closed; a "Keep mine" would queue the write again on a cleared device).
      if (signOuts !== signOutsBefore) return
      if (refusal) handlers.refused(write, refusal)
      // Removed only once answered: a write whose answer was lost is sent again, which the
      // server's writes (a vibe's new fields, a star put or deleted) make harmless.
      await storeWrites(userId, rest)
      writes = rest
      show(userId, writes)
      if (answer !== undefined) handlers.sent?.(write, answer)
    }
    if (hadWrites && writes.length === 0) await forgetDeliveryToken(userId)
    show(userId, writes)
  })

/** Keeps the renewed token for the service worker, if the user has writes queued. */
export const renewDeliveryToken = (userId: string, accessToken: string): Promise<void> =>
  serially(() => rememberDeliveryToken(userId, accessToken))

/** Forgets the page's copy (the stored queue is cleared with the rest of the user's data). */
export function forgetOutboxCopy(): void {
  signOuts += 1
  show('', [])
  owner = null
}

/**
 * After a sign-out cleared the device: removes the user's stored queue and token again once no
 * page or service worker is sending it, since a delivery under way (another tab's, or the
 * worker's) may have written its queue back after the clear.
 */
export const forgetQueueWhenFree = (userId: string): Promise<void> =>
  serially(() => forgetQueue(userId))

function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> }
        }
      ).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => {
      // No Background Sync here (Firefox, Safari): the `online` event and the next start do it.
    })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Whether writes are waiting on this device: a new one then joins the queue behind them, even
 * online, so it cannot overtake them (an unstar sent before the star queued earlier).
 */
export const hasQueuedWrites = (): boolean => queue.length > 0

/** Calls `listener` after each write is queued (to send it at once when the network is there). */
export function onWriteQueued(listener: () => void): () => void {
  queuedListeners.add(listener)
  return () => queuedListeners.delete(listener)
}

/** The signed-in user's queued writes, oldest first. */
export function useQueuedWrites(): QueuedWrite[] {
  return useSyncExternalStore(subscribe, () => queue)
}

/** Whether a write to `subject` is waiting for the network. */
export function useWaitingForNetwork(subject: string): boolean {
  return useSyncExternalStore(subscribe, () => queue.some((write) => write.subject === subject))
}
