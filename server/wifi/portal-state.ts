import { z } from 'zod'
import { seal, unseal } from './wifi-secrets'

/**
 * What the portal must remember between its pages. Captive browsers (iOS's Captive Network
 * Assistant, Android's) may drop cookies and storage between pages, so it travels in the forms
 * and links themselves: encrypted and authenticated with a server key, bound to the openNDS
 * client (its hid), and short-lived.
 */
export const PortalStateSchema = z.object({
  /** The gateway's id. */
  g: z.string(),
  /** The client's hid, and its MAC address as a keyed hash. */
  h: z.string(),
  m: z.string(),
  /** The gateway's web server and auth dir (levels 1-2 send the phone there). */
  a: z.string(),
  d: z.string(),
  /** Where the phone was going, if http(s). */
  o: z.string().nullable(),
  /** A short description of the device (from its browser), for the app's device list. */
  u: z.string(),
  /** Expiry, epoch ms. */
  x: z.number(),
})
export type PortalState = z.infer<typeof PortalStateSchema>

export function sealPortalState(key: Buffer, state: PortalState): string {
  return seal(key, JSON.stringify(state))
}

/** The state, or null when it was altered, made with another key, or has expired. */
export function openPortalState(key: Buffer, sealed: string, now: number): PortalState | null {
  if (sealed.length > 4096) return null
  const plain = unseal(key, sealed)
  if (plain === null) return null
  let json: unknown
  try {
    json = JSON.parse(plain)
  } catch {
    return null
  }
  const parsed = PortalStateSchema.safeParse(json)
  if (!parsed.success || parsed.data.x <= now) return null
  return parsed.data
}
