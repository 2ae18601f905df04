import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './password'
import { HASH_THREAD_NICE, HASH_THREADS, hashPoolState, runHashTask } from './password-hashing'

// Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the comm in parens).
const niceValues = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })

describe('password hashing on the thread pool', () => {
  it('hashes with argon2id (OWASP parameters) and verifies right and wrong passwords', async () => {
    const hash = await hashPassword('pa55word phrase')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'pa55word phrase')).toBe(true)
    expect(await verifyPassword(hash, 'wrong')).toBe(false)
  })

  it('answers false for a stored hash it cannot read, and keeps working', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false)
    await expect(runHashTask({ op: 'verify', hash: 'not a hash', password: 'x' })).rejects.toThrow()
    expect(await hashPassword('again and again')).toMatch(/^\$argon2id\$/)
  })

  // Per-thread nice values are a Linux feature; CI and production run on Linux.
  it.runIf(process.platform === 'linux')(
    "hashes on at most one thread per core, all below the event loop's priority",
    async () => {
      const hashes = Array.from({ length: HASH_THREADS * 3 }, (_, i) =>
        runHashTask({ op: 'hash', password: `storm ${i}`, options: ARGON2_OPTIONS }),
      )
      await Promise.all(hashes)
      expect(hashPoolState().threads).toBe(HASH_THREADS)
      const nice = niceValues()
      // The event loop keeps its priority; each hashing thread (and any thread it started, such
      // as a module loader's from source) runs at the lowest.
      expect(nice[0]).toBe(0)
      expect(nice.filter((value) => value === HASH_THREAD_NICE).length).toBeGreaterThanOrEqual(
        HASH_THREADS,
      )
    },
  )
})
