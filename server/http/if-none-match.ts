/**
 * True when an `If-None-Match` header names `etag` (or is `*`). Comparison is weak, as RFC 9110
 * asks for this header: `W/"x"` matches `"x"`.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}
