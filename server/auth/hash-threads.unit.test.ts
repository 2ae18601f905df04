import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { HASH_THREAD_NICE, HashThread } from './hash-threads'
import { ARGON2_OPTIONS } from './password'

// Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the comm in parens).
const niceValues = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })

describe('a hashing thread', () => {
  let thread: HashThread
  afterEach(() => thread.close())

  it('hashes and verifies with argon2id', async () => {
    thread = new HashThread()
    const hash = String(
      await thread.run({ op: 'hash', password: 'pa55word', options: ARGON2_OPTIONS }),
    )
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await thread.run({ op: 'verify', hash, password: 'pa55word' })).toBe(true)
    expect(await thread.run({ op: 'verify', hash, password: 'wrong' })).toBe(false)
    expect(thread.busy).toBe(0)
  })

  // Per-thread nice values are a Linux feature; CI and production run on Linux.
  it.runIf(process.platform === 'linux')("runs below the event loop's priority", async () => {
    const before = niceValues().filter((nice) => nice === HASH_THREAD_NICE).length
    thread = new HashThread()
    await thread.run({ op: 'hash', password: 'pa55word', options: ARGON2_OPTIONS })
    const after = niceValues()
    expect(after.filter((nice) => nice === HASH_THREAD_NICE).length).toBe(before + 1)
    expect(after[0]).toBe(0)
  })

  it('reports a failure to its caller and keeps working', async () => {
    thread = new HashThread()
    await expect(thread.run({ op: 'verify', hash: 'not a hash', password: 'x' })).rejects.toThrow()
    expect(await thread.run({ op: 'hash', password: 'again', options: ARGON2_OPTIONS })).toMatch(
      /^\$argon2id\$/,
    )
  })

  it('starts a new thread after its thread died', async () => {
    thread = new HashThread()
    await thread.run({ op: 'hash', password: 'first', options: ARGON2_OPTIONS })
    await thread.close()
    expect(await thread.run({ op: 'hash', password: 'second', options: ARGON2_OPTIONS })).toMatch(
      /^\$argon2id\$/,
    )
  })
})
