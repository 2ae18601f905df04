import { urlForLogs } from './upstream-body'

/** How many redirects within the upstream's origin a poll follows before giving up. */
export const UPSTREAM_MAX_REDIRECTS = 3

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * `fetch` that follows redirects only within the origin of `url` (scheme, host and port), at
 * most `UPSTREAM_MAX_REDIRECTS` times. A redirect elsewhere is refused with an error naming it:
 * followed blindly, it let an upstream make the server fetch, and publish, any address it can
 * reach (another port of this machine, an internal service).
 */
export async function fetchWithinOrigin(url: string, init: RequestInit): Promise<Response> {
  const origin = new URL(url).origin
  let current = url
  for (let redirects = 0; ; redirects++) {
    const response = await fetch(current, { ...init, redirect: 'manual' })
    if (!REDIRECTS.has(response.status)) return response
    await response.body?.cancel()
    const location = response.headers.get('location')
    if (location === null) throw new Error(`a ${response.status} redirect without a Location`)
    const next = new URL(location, current)
    if (next.origin !== origin) {
      throw new Error(
        `redirected to ${urlForLogs(next.href)}, another origin; only redirects within ${origin} are followed`,
      )
    }
    if (redirects === UPSTREAM_MAX_REDIRECTS) {
      throw new Error(`more than ${UPSTREAM_MAX_REDIRECTS} redirects`)
    }
    current = next.href
  }
}
