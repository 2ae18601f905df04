import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { z } from 'zod'
import { ConfigError } from '../config/config'

/** One openNDS gateway whose captive portal (FAS) we are. */
export const GatewaySchema = z.object({
  /** The gateway's part of the portal's path: openNDS's `faspath` is `/wifi/portal/<id>/`. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1-40 lower-case letters, digits or -'),
  /** openNDS's `gatewayname`, exactly: its queries name it, and authmon hashes it. */
  name: z.string().min(1).max(64),
  /** openNDS's `faskey`: decrypts its queries (levels 2-3) and signs our grants (rhid). */
  faskey: z.string().min(16, 'must be at least 16 characters (openNDS pads or cuts it to 32)'),
  /** openNDS's `fas_secure_enabled`: 1 (base64 query), 2 (AES), 3 (AES over https, authmon). */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'must be 1, 2 or 3 (level 0 sends the client token in clear and is not supported)',
  }),
  /**
   * The gateway's own web server as phones on its LAN reach it (openNDS's gatewayaddress,
   * `ip:port`). When set, a query naming another is refused; when not, it must be a LAN address.
   */
  address: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/, 'must be ip:port, e.g. 192.168.1.1:2050')
    .optional(),
  /** Addresses authmon may poll from (level 3); any address when left out. */
  pollFrom: z
    .array(z.string().refine((address) => isIP(address) !== 0, 'must be an IP address'))
    .optional(),
})
export type Gateway = z.infer<typeof GatewaySchema>

const GatewaysSchema = z
  .array(GatewaySchema)
  .max(1000)
  .superRefine(
    (gateways, ctx) => {
      const seen = new Set<string>()
      gateways.forEach((gateway, index) => {
        // Checked even when other entries are bad (`when`), so an entry may be anything here.
        const id: unknown = (gateway as { id?: unknown } | null)?.id
        if (typeof id !== 'string') return
        if (seen.has(id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `${id} is listed twice` })
        }
        seen.add(id)
      })
    },
    // Every problem in one start, duplicates too, not only once the rest is right.
    { when: (payload) => Array.isArray(payload.value) },
  )

/**
 * The gateways of WIFI_GATEWAYS_FILE (a JSON array), validated once at start-up; none when the
 * variable is unset. A bad file stops the server with every problem named, like any bad setting.
 */
export function loadGateways(path: string | undefined): Gateway[] {
  if (!path) return []
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError([`WIFI_GATEWAYS_FILE: cannot read ${path} (${(error as Error).message})`])
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError([`WIFI_GATEWAYS_FILE: ${path} is not JSON (${(error as Error).message})`])
  }
  const parsed = GatewaysSchema.safeParse(json)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `WIFI_GATEWAYS_FILE: gateway ${issue.path.join('.')}: ${issue.message}`,
      ),
    )
  }
  return parsed.data
}
