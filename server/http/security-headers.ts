import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Only the built stylesheet: no <style> element or style attribute in markup (ADRs 005, 040).
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The app loads nothing cross-origin, so these stricter defaults cost nothing.
  crossOriginEmbedderPolicy: false,
  hsts: false,
}

/**
 * helmet's headers for our options, worked out once. They don't vary by request (no CSP nonces),
 * and @fastify/helmet rebuilt helmet and re-parsed the CSP on every request: a fifth of the cost
 * of a small answer such as a 304.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>()
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: (name: string) => headers.delete(name),
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return [...headers]
}

/**
 * Browsers that reached the app over its own HTTPS keep to HTTPS for a year (HSTS). Behind a
 * proxy, the proxy says it (docs/deployment.md), as only it knows how it was reached.
 */
const HTTPS_ONLY: Readonly<HelmetOptions> = {
  ...HELMET_OPTIONS,
  hsts: { maxAge: 31_536_000, includeSubDomains: false },
}

/** Security headers on every response, with a CSP that allows no inline or foreign script. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { https }: { https: boolean } = { https: false },
): Promise<void> {
  const headers = securityHeaders(https ? HTTPS_ONLY : HELMET_OPTIONS)
  // On the raw response, as helmet does: errors, 404s and static files carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
}
