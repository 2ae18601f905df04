import type { z } from 'zod'
import { ShortLivedMemo } from './short-lived-memo'

/** Longest a cached answer is served if a change notification were lost. */
export const RESPONSE_CACHE_MAX_AGE_MS = 2000

/**
 * JSON answers that are the same for every caller until something changes (ADR 010): built once,
 * checked against the response schema, and served as text until invalidated or
 * RESPONSE_CACHE_MAX_AGE_MS old.
 */
export class ResponseCache<Key> extends ShortLivedMemo<Key, string> {
  constructor(schema: z.ZodType, load: (key: Key) => Promise<unknown>, now: () => number) {
    super(
      async (key) => JSON.stringify(schema.parse(await load(key))),
      now,
      RESPONSE_CACHE_MAX_AGE_MS,
    )
  }
}
