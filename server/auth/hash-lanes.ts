import { availableParallelism } from 'node:os'

/**
 * argon2id costs a core for ~10-20 ms per call. On a small machine several at once leave the
 * event loop no core, so every other request waits behind a sign-in storm; capped at one less
 * than the cores (each lane has its own lower-priority thread, hash-threads.ts), sign-ins queue
 * and the rest stays fast.
 */
export const HASH_LANES = Math.max(1, availableParallelism() - 1)

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
