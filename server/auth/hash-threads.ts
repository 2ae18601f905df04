import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { HashReply, HashRequest } from './hash-messages'

/**
 * How much lower than the event loop the hashing threads run: nice 19, the lowest, which Linux
 * weighs at 15 against the event loop's 1024. When the cores are busy, a sign-in storm then waits
 * for CPU rather than the feed and the rest of the API (and the database beside us) waiting
 * behind it; when they are idle, hashing runs at full speed. At nice 10 (weight 110) with a lane
 * per core, the feed's p99 during a storm reached 2.9 × its idle p99 here; at 19, 1.0–1.4 ×.
 */
export const HASH_THREAD_NICE = 19

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void }
type Job = HashRequest extends infer R ? (R extends HashRequest ? Omit<R, 'id'> : never) : never

/**
 * One hashing thread of our own (not libuv's shared pool, whose threads cannot be told apart
 * to lower their priority), started on first use. It holds the process open only while it
 * has work; if it dies, its callers get the error and the next call starts a new one.
 */
export class HashThread {
  private worker: Worker | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 0

  get busy(): number {
    return this.pending.size
  }

  run(job: Job): Promise<string | boolean> {
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage({ ...job, id } satisfies HashRequest)
    })
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    await worker?.terminate()
  }

  private start(): Worker {
    const worker = startWorker({ nice: HASH_THREAD_NICE })
    worker.on('message', (reply: HashReply) => {
      const caller = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      if (!caller) return
      if (reply.ok) caller.resolve(reply.value)
      else caller.reject(new Error(reply.message))
    })
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const caller of this.pending.values()) caller.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the hashing thread exited (${code})`)))
    this.worker = worker
    return worker
  }
}

// Built, the worker is dist/server/hash-worker.js beside the bundle. From source (development,
// tests) it is the TypeScript file, loaded through tsx's API: a worker does not inherit the
// loader that `--import tsx` gave the main thread.
function startWorker(workerData: object): Worker {
  const built = new URL('./hash-worker.js', import.meta.url)
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData })
  const source = new URL('./hash-worker.ts', import.meta.url).href
  const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`
  return new Worker(bootstrap, { eval: true, workerData })
}
