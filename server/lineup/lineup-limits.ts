/**
 * The most a lineup (an upstream's answer or an imported file) may weigh: thousands of sets fit
 * well within it, and a hostile or mistaken one costs no more than this much memory.
 */
export const LINEUP_MAX_BYTES = 2 * 1024 * 1024

/**
 * The deepest a JSON lineup may nest: `{ data: [ { set } ] }` is 3 levels, and a set may hold
 * one level of extra fields (ignored). Deeper is not a lineup, and half a million nested
 * arrays cost ~100 ms of blocked event loop to parse.
 */
export const LINEUP_JSON_MAX_DEPTH = 4

/**
 * The most values (arrays, objects, elements, members) a JSON lineup may hold: 2000 sets
 * (`LINEUP_MAX_SETS`) of 20 fields fit. A 2 MiB body of a million tiny values blocked the
 * event loop for 150–450 ms even at a legal depth.
 */
export const LINEUP_JSON_MAX_VALUES = 50_000

/** "42 MiB": a size as people read it. */
export function mebibytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`
}

/** "the 2 MiB cap (2097152 bytes)": a cap named in a message, readably and exactly. */
export function describeCap(bytes: number): string {
  return `the ${mebibytes(bytes)} cap (${bytes} bytes)`
}
