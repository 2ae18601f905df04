import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// Testing Library unmounts after each test only by itself when the test API is global; ours is not.
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
