// An argon2id hashing thread of the pool in password-hashing.ts: the synchronous hash and
// verify, one task at a time, at a lower CPU priority than the event loop (piscina's
// `niceIncrement`).

import { hashSync, type Options, verifySync } from '@node-rs/argon2'

export type HashTask =
  | { op: 'hash'; password: string; options: Options }
  | { op: 'verify'; hash: string; password: string }

export default function runHashTask(task: HashTask): string | boolean {
  return task.op === 'hash'
    ? hashSync(task.password, task.options)
    : verifySync(task.hash, task.password)
}
