import { z } from 'zod'

// Web Push reminders (docs/reminders.md): the server's public key, and a browser's subscription.

/** Longer than any push service's endpoint (they are 150–400 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024
/** One account's browsers with reminders on; a new one past this replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10

/** `GET /api/push/key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const PushKeySchema = z.object({ publicKey: z.string() })
export type PushKey = z.infer<typeof PushKeySchema>

/** A push service's address for one browser: an https URL (web-push speaks nothing else). */
export const PushEndpointSchema = z
  .url({ protocol: /^https$/, error: 'must be an https URL' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, `must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)

/** The browser's P-256 public key: 65 bytes (0x04, x, y) in base64url, 87 characters. */
const P256dhSchema = z
  .string()
  .regex(/^B[A-P][A-Za-z0-9_-]{85}=?$/, 'must be an uncompressed P-256 public key in base64url')
/** The browser's 16-byte authentication secret in base64url, 22 characters. */
const AuthSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, 'must be a 16-byte secret in base64url')

/** `PUT /api/push/subscriptions`: `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: P256dhSchema, auth: AuthSecretSchema }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>

/** `DELETE /api/push/subscriptions`: this browser's subscription, by its endpoint. */
export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema })

/** What a push carries to the service worker: shown as the notification; a tap opens `url`. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app (`/?set=<key>`), never another origin. */
  url: z.string().startsWith('/'),
  /** A newer notification with the same tag replaces the older one. */
  tag: z.string(),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>
