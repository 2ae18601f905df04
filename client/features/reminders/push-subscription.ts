import { activeServiceWorker } from '../../lib/service-worker'
import { deleteSubscription, fetchPushKey, saveSubscription } from './reminders.api'

// This browser's push subscription: made with the server's key, and kept in step with the server.

/** What this browser allows: the site's notification permission, or no Web Push at all. */
export type PushPermission = NotificationPermission | 'unsupported'

/** This browser's current subscription, if it has one (and tells the server again, in case). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await activeServiceWorker()
  const subscription = await registration.pushManager.getSubscription()
  // The server may have dropped it (expired, or this browser was signed in as someone else).
  if (subscription) await saveSubscription(subscription.toJSON())
  return subscription
}

/**
 * Asks for permission (from the tap that called this), subscribes with the server's key and
 * stores the subscription on the server. Resolves to the permission the browser gave.
 */
export async function subscribeThisBrowser(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  const [registration, { publicKey }] = await Promise.all([activeServiceWorker(), fetchPushKey()])
  const key = fromBase64Url(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  // Made with another key (the server's keys were replaced): it can no longer be pushed to.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  await saveSubscription(subscription.toJSON())
  return permission
}

/** Unsubscribes this browser and tells the server to forget it. */
export async function unsubscribeThisBrowser(subscription: PushSubscription): Promise<void> {
  await deleteSubscription(subscription.endpoint)
  await subscription.unsubscribe()
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  )
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, index) => byte === b[index])
}
