/**
 * A vibe's version as an HTTP entity tag: its `updatedAt` in milliseconds, quoted. The server
 * sends it as `ETag` with each vibe it answers for its owner; an update made offline sends it back
 * in `If-Match`, so that, sent later, it cannot overwrite a change made on another device since
 * (412 `vibe_changed`). Both sides build it here, from the ISO time or the stored milliseconds.
 */
export const vibeVersionTag = (updatedAt: string | number): string =>
  `"${typeof updatedAt === 'number' ? updatedAt : Date.parse(updatedAt)}"`
