import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'

// Testing Library unmounts after each test only by itself when the test API is global; ours is not.
afterEach(() => {
  cleanup()
  // sonner keeps its toasts in one store and replays the live ones to the next test's Toaster.
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
