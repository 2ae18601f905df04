import type { AddressInfo } from 'node:net'
import type { Config } from './config'

/**
 * The origin that e-mail links (confirmation, recovery) point to.
 *
 * It is PUBLIC_URL when set, and otherwise the address this server listens on (https when the
 * app serves HTTPS itself). It is never
 * taken from the request: the Host and X-Forwarded-Host headers are the sender's to choose,
 * and a link built from them would let anyone ask for a password-reset mail whose link leads
 * to their own site (host-header poisoning).
 */
export function siteOrigin(config: Config, listening: AddressInfo | string | null): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin
  const port = listening && typeof listening === 'object' ? listening.port : config.PORT
  const scheme = config.TLS_CERT_FILE ? 'https' : 'http'
  return `${scheme}://${reachableHost(config.HOST)}:${port}`
}

// A wildcard listen address is not a place a browser can go; the machine itself is.
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
