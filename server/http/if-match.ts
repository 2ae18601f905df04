/**
 * True when an `If-Match` header lets a write to the resource tagged `etag` go ahead: `*`, or a
 * list that names it. The comparison is strong, as RFC 9110 asks for this header: a weak tag
 * (`W/"x"`) never matches, and neither does anything that is not a quoted tag.
 */
export function ifMatchHolds(header: string, etag: string): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim() === etag)
}
