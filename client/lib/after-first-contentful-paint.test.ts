import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstContentfulPaint } from './after-first-contentful-paint'

type Entries = { getEntriesByName: (name: string) => unknown[] }

/** A stand-in for the browser's PerformanceObserver: `paint` delivers paint entries to it. */
class FakeObserver {
  static supportedEntryTypes = ['paint']
  static observing: FakeObserver[] = []
  constructor(private readonly deliver: (list: Entries) => void) {}
  observe() {
    FakeObserver.observing.push(this)
  }
  disconnect() {
    FakeObserver.observing = FakeObserver.observing.filter((observer) => observer !== this)
  }
  static paint(name: string) {
    for (const observer of FakeObserver.observing) {
      observer.deliver({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) })
    }
  }
}

describe('afterFirstContentfulPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeObserver.observing = []
    vi.stubGlobal('PerformanceObserver', FakeObserver)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the first contentful paint, not the first paint, and runs once', () => {
    const callback = vi.fn()
    afterFirstContentfulPaint(callback)
    FakeObserver.paint('first-paint')
    vi.advanceTimersByTime(0)
    expect(callback).not.toHaveBeenCalled()
    FakeObserver.paint('first-contentful-paint')
    vi.advanceTimersByTime(0)
    expect(callback).toHaveBeenCalledTimes(1)
    expect(FakeObserver.observing).toHaveLength(0)
    vi.advanceTimersByTime(20_000)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('runs after 10 s on a page that paints nothing (a background tab)', () => {
    const callback = vi.fn()
    afterFirstContentfulPaint(callback)
    vi.advanceTimersByTime(9_999)
    expect(callback).not.toHaveBeenCalled()
    // The fallback fires, and the callback runs in a timeout of its own just after.
    vi.advanceTimersByTime(2)
    expect(callback).toHaveBeenCalledTimes(1)
    expect(FakeObserver.observing).toHaveLength(0)
  })
})
