import { availableParallelism } from 'node:os'

/**
 * argon2id costs a core for ~15-30 ms per call. One lane per core: the hashing threads run at
 * the lowest CPU priority (hash-threads.ts), so when the event loop, the database or anything
 * else wants a core it gets it at once, and sign-ins use whatever is left. With one lane fewer
 * than the cores (before), a 2-core machine hashed on one core only: ≤ 39 sign-ins/s at 26 ms
 * per hash, under the 40/s target (docs/performance.md).
 */
export const HASH_LANES = Math.max(1, availableParallelism())

let running = 0
const waiting: Array<() => void> = []

/** Runs `work` once a lane is free; lanes are handed over in arrival order. */
export async function inHashLane<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_LANES) running += 1
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
}
