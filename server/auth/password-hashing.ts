import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import Piscina from 'piscina'
import type { HashTask } from './hash-worker'

/**
 * How much lower than the event loop the hashing threads run: nice 19, the lowest, which Linux
 * weighs at 15 against the event loop's 1024. When the cores are busy, a sign-in storm then waits
 * for CPU rather than the feed and the rest of the API (and the database beside us) waiting
 * behind it; when they are idle, hashing runs at full speed. At nice 10 (weight 110) with a thread
 * per core, the feed's p99 during a storm reached 2.9 × its idle p99 here; at 19, 1.0–1.4 ×.
 */
export const HASH_THREAD_NICE = 19

/**
 * argon2id costs a core for ~15-30 ms per call: one thread per core, each hashing one password at
 * a time, the rest waiting in arrival order. With one thread fewer than the cores, a 2-core
 * machine hashed on one core only: ≤ 39 sign-ins/s at 26 ms per hash (docs/performance.md).
 */
export const HASH_THREADS = Math.max(1, availableParallelism())

// Built, the worker is dist/server/hash-worker.js beside the bundle; from source, the TypeScript
// file through tsx (hash-worker-source.mjs).
const built = new URL('./hash-worker.js', import.meta.url)
const filename = existsSync(fileURLToPath(built))
  ? built.href
  : new URL('./hash-worker-source.mjs', import.meta.url).href

const pool = new Piscina<HashTask, string | boolean>({
  filename,
  minThreads: 0,
  maxThreads: HASH_THREADS,
  // An idle pool lets the process exit and gives its memory back; a storm keeps it warm.
  idleTimeout: 30_000,
  niceIncrement: HASH_THREAD_NICE,
})

/** Runs one task on a hashing thread, so the event loop keeps serving while it works. */
export function runHashTask(task: HashTask): Promise<string | boolean> {
  return pool.run(task)
}

/**
 * The hashing threads now running, how many tasks wait for one, how many were done since start,
 * and how busy the threads were (0 to 1, piscina's utilization) (metrics, tests).
 */
export function hashPoolState(): {
  threads: number
  queued: number
  completed: number
  utilization: number
} {
  return {
    threads: pool.threads.length,
    queued: pool.queueSize,
    completed: pool.completed,
    utilization: pool.utilization,
  }
}
