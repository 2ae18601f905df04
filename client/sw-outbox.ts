import { isJsonObject } from './lib/is-json-object'
import { usersWithOffline } from './lib/offline-store'
import {
  deliveryToken,
  forgetDeliveryToken,
  forgetQueue,
  type QueuedWrite,
  type Refusal,
  SEND_TIMEOUT_MS,
  storedWrites,
  storeWrites,
  withOutboxLock,
  worthRetrying,
} from './lib/outbox-store'

/** The network failed under the worker: Background Sync tries again later when it is thrown. */
export class OutboxOffline extends Error {
  constructor() {
    super('The queued writes could not reach the server; Background Sync will try again')
    this.name = 'OutboxOffline'
  }
}

/**
 * Background Sync with no window of the app open: the service worker sends each user's queued
 * writes itself, in order, with the token the page kept for it (outbox-store.ts). What the server
 * takes leaves the queue; what it refuses for good stays, marked with its reason, for the next
 * start to say (as an open app would have at once); what it cannot take now (no network, busy,
 * an expired token) stops that user's queue for the next try. Throws `OutboxOffline` when the
 * network failed, so that the browser fires the sync again later.
 */
export async function deliverQueuedWrites(): Promise<void> {
  let offline = false
  for (const userId of await usersWithOffline('outbox')) {
    const token = await deliveryToken(userId)
    if (!token) continue
    const outcome = await withOutboxLock(() => deliverFor(userId, token))
    offline ||= outcome === 'offline'
  }
  if (offline) throw new OutboxOffline()
}

async function deliverFor(userId: string, token: string): Promise<'done' | 'later' | 'offline'> {
  let writes = await storedWrites(userId)
  const hadWrites = writes.length > 0
  for (const write of writes) {
    if (write.refusal) continue
    // Signed out meanwhile (a window opened, its sign-out cleared the device): nothing more of
    // the user's is sent with a token the server has revoked.
    if ((await deliveryToken(userId)) === undefined) return 'done'
    const refusal = await send(write, token)
    if (refusal && worthRetrying(refusal.status)) return refusal.status === 0 ? 'offline' : 'later'
    writes = refusal
      ? writes.map((each) => (each.id === write.id ? { ...each, refusal } : each))
      : writes.filter((each) => each.id !== write.id)
    await storeWrites(userId, writes)
    // A sign-out's clear may have landed while that answer was awaited, or just now: what was
    // written back goes too. (The clear does not wait for this worker's lock.)
    if ((await deliveryToken(userId)) === undefined) {
      await forgetQueue(userId)
      return 'done'
    }
  }
  if (hadWrites && writes.every((write) => write.refusal)) {
    // Nothing more to send with it: the token is not kept longer than needed.
    await forgetDeliveryToken(userId)
  }
  return 'done'
}

/** Sends one write; undefined when the server took it, else why not (status 0: no network). */
async function send(write: QueuedWrite, token: string): Promise<Refusal | undefined> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...write.headers,
    Authorization: `Bearer ${token}`,
  }
  if (write.body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(write.path, {
      method: write.method,
      headers,
      body: write.body === undefined ? undefined : JSON.stringify(write.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
  } catch {
    return { status: 0, code: 'network_error', message: 'No network' }
  }
  if (response.status === 204) return undefined
  const payload: unknown = await response.json().catch(() => null)
  // A festival WiFi's sign-in page answers anything with its own HTML: not our server yet.
  if (!isJsonObject(payload)) {
    return { status: 0, code: 'network_error', message: 'Not our server' }
  }
  if (response.ok) return undefined
  const { code, message, details } = payload
  return typeof code === 'string' && typeof message === 'string'
    ? { status: response.status, code, message, details: details as Refusal['details'] }
    : {
        status: response.status,
        code: 'internal_error',
        message: `Request failed (${response.status})`,
      }
}
