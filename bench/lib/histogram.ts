/** Millisecond latencies up to a minute, counted per millisecond; the last bucket is "more". */
export const HISTOGRAM_BUCKETS = 60_001

export function newHistogram(): Uint32Array {
  return new Uint32Array(HISTOGRAM_BUCKETS)
}

export function record(histogram: Uint32Array, ms: number): void {
  const bucket = Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.round(ms)))
  histogram[bucket] = (histogram[bucket] ?? 0) + 1
}

/** Only the filled buckets, to keep IPC messages small: [ms, count] pairs. */
export function toSparse(histogram: Uint32Array): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  histogram.forEach((count, ms) => {
    if (count > 0) pairs.push([ms, count])
  })
  return pairs
}

export function fromSparse(parts: Array<Array<[number, number]>>): Uint32Array {
  const histogram = newHistogram()
  for (const pairs of parts) {
    for (const [ms, count] of pairs) histogram[ms] = (histogram[ms] ?? 0) + count
  }
  return histogram
}

export interface Percentiles {
  count: number
  p50: number
  p99: number
  max: number
}

export function percentiles(histogram: Uint32Array): Percentiles {
  let count = 0
  for (const value of histogram) count += value
  return {
    count,
    p50: quantile(histogram, count, 0.5),
    p99: quantile(histogram, count, 0.99),
    max: quantile(histogram, count, 1),
  }
}

function quantile(histogram: Uint32Array, count: number, q: number): number {
  if (count === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil(q * count))
  let seen = 0
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0
    if (seen >= rank) return ms
  }
  return HISTOGRAM_BUCKETS - 1
}

/** The value at quantile q of a plain list (small lists: per-write figures, start-up runs). */
export function quantileOf(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
