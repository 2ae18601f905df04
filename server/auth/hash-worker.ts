// One argon2id hashing thread (see hash-threads.ts). It runs the synchronous hash and verify,
// one request at a time, at a lower CPU priority than the event loop and the database.

import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { hashSync, verifySync } from '@node-rs/argon2'
import type { HashReply, HashRequest } from './hash-messages'

lowerOwnPriority(Number(workerData?.nice ?? 0))

parentPort?.on('message', (request: HashRequest) => {
  let reply: HashReply
  try {
    const value =
      request.op === 'hash'
        ? hashSync(request.password, request.options)
        : verifySync(request.hash, request.password)
    reply = { id: request.id, ok: true, value }
  } catch (error) {
    reply = { id: request.id, ok: false, message: (error as Error).message }
  }
  parentPort?.postMessage(reply)
})

// Linux gives each thread its own nice value; /proc/thread-self names this thread's id.
function lowerOwnPriority(nice: number): void {
  if (nice === 0) return
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    setPriority(threadId, nice)
  } catch {
    // Not Linux, or the system refuses: hash at normal priority.
  }
}
