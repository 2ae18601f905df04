/** The most an upstream lineup may weigh; thousands of sets fit well within it. */
export const UPSTREAM_MAX_BYTES = 2 * 1024 * 1024

/** Reads a response body as UTF-8 text, refusing (and cancelling) one larger than `maxBytes`. */
export async function readTextWithin(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new Error(`the body is ${declared} bytes, more than the ${maxBytes} allowed`)
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
      throw new Error(`the body is more than the ${maxBytes} bytes allowed`)
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
