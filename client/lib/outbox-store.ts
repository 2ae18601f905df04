import { forgetOffline, readOffline, writeOffline } from './offline-store'

// The queue of writes made offline as the device keeps it, shared by the page (outbox.ts) and the
// service worker (sw-outbox.ts), which sends it when Background Sync fires with no window open.
// Nothing here may need a window: no React, no auth client, no localStorage.

/** A write made offline, kept on the device (IndexedDB) until the server has answered it. */
export interface QueuedWrite {
  id: string
  /** What it changes, for "Waiting for network" on that thing: `vibe:<id>`, `star:<set key>`. */
  subject: string
  method: 'PATCH' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  /** Sent with it: `If-Match` for my vibe, so a late update cannot overwrite a newer one. */
  headers?: Record<string, string>
  queuedAt: number
  /**
   * The server refused it while no window was open (the service worker sent it): kept so that
   * the next start says why, as it would have at once in an open app.
   */
  refusal?: Refusal
}

/** The server's answer to a refused write: its error envelope, with the status. */
export interface Refusal {
  status: number
  code: string
  message: string
  details?: Record<string, string>
}

/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'vibeconnect-outbox'

export const storedWrites = async (userId: string): Promise<QueuedWrite[]> =>
  (await readOffline<QueuedWrite[]>('outbox', userId)) ?? []

export const storeWrites = (userId: string, writes: QueuedWrite[]): Promise<void> =>
  writeOffline('outbox', userId, writes)

/** Removes the user's queue and the token kept for it (they signed out). */
export const forgetQueue = async (userId: string): Promise<void> => {
  await forgetOffline('outbox', userId)
  await forgetDeliveryToken(userId)
}

/**
 * Runs `work` while no other page or the service worker works on the stored queue: each reads it,
 * sends or adds, and writes it back, and two at once would send a write twice or lose one. Web
 * Locks span every page and worker of the origin; without them (an old browser) one page's own
 * order (outbox.ts) is all there is.
 */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  return locks ? locks.request('vibeconnect-outbox', work) : work()
}

/**
 * How long one queued write may be on its way: the queue is locked meanwhile (withOutboxLock), and
 * a request the festival's network never answers must not keep a page or the worker from it.
 */
export const SEND_TIMEOUT_MS = 15_000

/** Whether asking again later could change the answer (no network, a busy server, a stale token). */
export const worthRetrying = (status: number): boolean =>
  status === 0 || status === 401 || status === 408 || status === 429 || status >= 500

/**
 * The access token the service worker may send the user's queue with while no window is open
 * (it cannot read the auth client's storage). Kept only while there is a queue: written when a
 * write is queued and when the page renews the token, forgotten once the queue is empty, and
 * cleared with everything else on sign-out. An expired one is refused (401) and the queue waits
 * for the next start, where the auth client renews the session.
 */
export const deliveryToken = async (userId: string): Promise<string | undefined> =>
  (await readOffline<{ accessToken: string }>('delivery', userId))?.accessToken

export async function rememberDeliveryToken(userId: string, accessToken: string | null) {
  if (!accessToken || (await storedWrites(userId)).length === 0) return
  await writeOffline('delivery', userId, { accessToken })
}

export const forgetDeliveryToken = (userId: string): Promise<void> =>
  forgetOffline('delivery', userId)
