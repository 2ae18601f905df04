import type { Agent } from 'node:https'
import webpush, { WebPushError } from 'web-push'
import type { PushPayload } from '../../shared/reminders/push.schema'
import type { VapidKeys } from './vapid-keys'

/** One browser's subscription, as stored. */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** How a push went: delivered to the push service, gone for good, or failed this time. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'expired'; status: number }
  | { kind: 'failed'; status?: number; reason: string }

export interface PushOptions {
  /** Seconds the push service may hold it for a browser that is offline. */
  ttlSeconds: number
  urgency: 'normal' | 'high'
}

// A push service that does not answer within this is given up on (the push is not retried).
const SEND_TIMEOUT_MS = 10_000

/**
 * Sends pushes with `web-push`: the payload encrypted for the browser (RFC 8291, aes128gcm) and
 * signed with our VAPID key (RFC 8292). `agent` lets tests trust their local push service.
 */
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly agent?: Agent,
  ) {}

  async send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: this.vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          ...(this.agent ? { agent: this.agent } : {}),
        },
      )
      return { kind: 'sent' }
    } catch (error) {
      if (error instanceof WebPushError) {
        // 404 and 410: the subscription is gone (unsubscribed, expired); it never comes back.
        if (error.statusCode === 404 || error.statusCode === 410) {
          return { kind: 'expired', status: error.statusCode }
        }
        return { kind: 'failed', status: error.statusCode, reason: 'push service refused it' }
      }
      // Never the error itself: web-push's errors carry the endpoint, a secret address.
      const code = (error as { code?: unknown }).code
      return { kind: 'failed', reason: typeof code === 'string' ? code : 'could not send' }
    }
  }
}
