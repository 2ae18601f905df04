import { z } from 'zod'

// The captive portal's forms, as a browser posts them (every field a string; extras ignored).
const sealedState = z.string().min(1).max(4096)

/** Sign-in and sign-up on the portal: the e-mail and password are checked by the auth rules. */
export const PortalFormSchema = z.object({
  state: sealedState,
  email: z.string().max(1000).default(''),
  password: z.string().max(2000).default(''),
})

export const PortalCodeFormSchema = z.object({
  state: sealedState,
  code: z.string().max(40).default(''),
})

/** A device the portal let through on my pass or account, as the app lists it. */
export const WifiDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  gateway: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** When its current session ends (or ended). */
  sessionUntil: z.string(),
  /** When a gateway reported it cut off, if it did. */
  cutOffAt: z.string().nullable(),
  online: z.boolean(),
})
export type WifiDevice = z.infer<typeof WifiDeviceSchema>

/** My WiFi pass: the code to type at the portal, what a session gives, and my devices. */
export const WifiPassSchema = z.object({
  /** ABCD-EFGH. */
  code: z.string(),
  /**
   * The QR code's link: the pass page, `/wifi/pass?code=…`, which shows the code big and what to do
   * (the sign-in page itself needs openNDS's query for each phone, ADR 025); null when no gateway
   * is set up.
   */
  portalUrl: z.string().nullable(),
  sessionMinutes: z.number().int(),
  devicesPerAccount: z.number().int(),
  devices: z.array(WifiDeviceSchema),
  /** When device records are deleted (ISO date), or how long after their last sighting. */
  retention: z.object({ purgeAfter: z.string().nullable(), days: z.number().int() }),
})
export type WifiPass = z.infer<typeof WifiPassSchema>

export const WifiDeviceParamsSchema = z.object({ id: z.uuid('This is not a device id') })
