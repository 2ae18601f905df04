import { describeCap } from './lineup-limits'

/**
 * Reads a response body as UTF-8 text, refusing (and cancelling) one larger than `maxBytes`:
 * a declared length over it is not read at all, and an undeclared one is read only up to it.
 * The count is of decoded bytes, so a compressed body cannot expand past the cap either.
 */
export async function readTextWithin(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new Error(`the body is ${declared} bytes, over ${describeCap(maxBytes)}; not read`)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new Error(`the body is over ${describeCap(maxBytes)}; stopped reading`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A URL safe to log: no credentials, no query string (either may hold a token). */
export function urlForLogs(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}
