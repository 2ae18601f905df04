import { describe, expect, it } from 'vitest'
import { HASH_LANES, inHashLane } from './hash-lanes'

describe('inHashLane', () => {
  it('runs at most HASH_LANES tasks at once and finishes every one in arrival order', async () => {
    let running = 0
    let peak = 0
    const started: number[] = []
    const task = (id: number) =>
      inHashLane(async () => {
        started.push(id)
        running += 1
        peak = Math.max(peak, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        return id
      })
    const ids = Array.from({ length: HASH_LANES + 3 }, (_, i) => i)
    expect(await Promise.all(ids.map(task))).toEqual(ids)
    expect(peak).toBe(HASH_LANES)
    expect(started).toEqual(ids)
  })

  it('frees the lane when the work fails', async () => {
    await expect(inHashLane(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    const lanes = Array.from({ length: HASH_LANES }, () => inHashLane(async () => 'ok'))
    expect(await Promise.all(lanes)).toEqual(Array(HASH_LANES).fill('ok'))
  })
})
